import { iconResponse } from "~/features/pwa/pwa.server";
import { requestContextOf } from "~/shell/request.server";
import type { Route } from "./+types/icons.any[.]svg";

/** The app icon drawn from the brand mark (any size; rounded corners). */
export const loader = ({ context }: Route.LoaderArgs) => iconResponse(requestContextOf(context), "any");
