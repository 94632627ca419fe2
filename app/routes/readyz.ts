import { readiness } from "~/features/ops/health.server";
import { requestContextOf } from "~/shell/request.server";
import type { Route } from "./+types/readyz";

export const loader = ({ context }: Route.LoaderArgs) => readiness(requestContextOf(context).services);
