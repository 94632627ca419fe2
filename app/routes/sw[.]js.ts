import { serviceWorkerResponse } from "~/features/pwa/pwa.server";

/** The service worker, versioned with the brand (issue 18 §3, ADR 055). */
export const loader = () => serviceWorkerResponse();
