import type { LoaderFunctionArgs } from "@remix-run/node";
import { offlineMenu } from "~/features/pwa/pwa.server";

/** A read-only snapshot of the current menu, without cart or person, for the service worker to keep. */
export const loader = ({ request }: LoaderFunctionArgs) => offlineMenu(request);
