import { serviceWorkerResponse } from "~/features/pwa/pwa.server";
import { requestContextOf } from "~/shell/request.server";
import type { Route } from "./+types/sw[.]js";

/** The service worker, versioned with the brand (issue 18 §3, ADR 055). */
export const loader = ({ context }: Route.LoaderArgs) => serviceWorkerResponse(requestContextOf(context));
