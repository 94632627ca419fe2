import type { LoaderFunctionArgs } from "@remix-run/node";
import { manifestResponse } from "~/features/pwa/pwa.server";

/** The brand's web app manifest (issue 18 §3). */
export const loader = ({ request }: LoaderFunctionArgs) => manifestResponse(request);
