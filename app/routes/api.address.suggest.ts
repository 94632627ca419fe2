import { suggestAddresses } from "~/features/location/suggest.server";
import type { Route } from "./+types/api.address.suggest";
import { requestContextOf } from "~/shell/request.server";

/** GET /api/address/suggest?q=…&city=…&token=… — address suggestions (spec §5), see suggest.server.ts. */
export const loader = ({ context }: Route.LoaderArgs) => suggestAddresses(requestContextOf(context));
