import type { LoaderFunctionArgs } from "@remix-run/node";
import { suggestAddresses } from "~/features/location/suggest.server";

/** GET /api/address/suggest?q=…&city=…&token=… — address suggestions (spec §5), see suggest.server.ts. */
export const loader = (args: LoaderFunctionArgs) => suggestAddresses(args);
