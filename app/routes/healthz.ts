import { liveness } from "~/features/ops/health.server";
import { requestContextOf } from "~/shell/request.server";
import type { Route } from "./+types/healthz";

export const loader = ({ context }: Route.LoaderArgs) => liveness(requestContextOf(context).services);
