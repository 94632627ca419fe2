import { iconResponse } from "~/features/pwa/pwa.server";
import { requestContextOf } from "~/shell/request.server";
import type { Route } from "./+types/icons.maskable[.]svg";

/** The maskable app icon: the mark inside the safe zone on a full square. */
export const loader = ({ context }: Route.LoaderArgs) => iconResponse(requestContextOf(context), "maskable");
