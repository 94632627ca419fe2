import { iconResponse } from "~/features/pwa/pwa.server";

/** The app icon drawn from the brand mark (any size; rounded corners). */
export const loader = () => iconResponse("any");
