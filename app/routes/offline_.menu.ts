import { offlineMenu } from "~/features/pwa/pwa.server";
import type { Route } from "./+types/offline_.menu";
import { requestContextOf } from "~/shell/request.server";

/** A read-only snapshot of the current menu, without cart or person, for the service worker to keep. */
export const loader = ({ context }: Route.LoaderArgs) => offlineMenu(requestContextOf(context));
