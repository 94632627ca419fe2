import type { LoaderFunctionArgs } from "@remix-run/node";
import { offlinePage } from "~/features/pwa/pwa.server";

/** The page the service worker shows offline. */
export const loader = ({ request }: LoaderFunctionArgs) => offlinePage(request);
