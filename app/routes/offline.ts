import { offlinePage } from "~/features/pwa/pwa.server";
import type { Route } from "./+types/offline";
import { requestContextOf } from "~/shell/request.server";

/** The page the service worker shows offline. */
export const loader = ({ context }: Route.LoaderArgs) => offlinePage(requestContextOf(context));
