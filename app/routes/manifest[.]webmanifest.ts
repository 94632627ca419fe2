import { manifestResponse } from "~/features/pwa/pwa.server";
import type { Route } from "./+types/manifest[.]webmanifest";
import { requestContextOf } from "~/shell/request.server";

/** The brand's web app manifest (issue 18 §3). */
export const loader = ({ context }: Route.LoaderArgs) => manifestResponse(requestContextOf(context));
