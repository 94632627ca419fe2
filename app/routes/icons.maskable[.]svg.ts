import { iconResponse } from "~/features/pwa/pwa.server";

/** The maskable app icon: the mark inside the safe zone on a full square. */
export const loader = () => iconResponse("maskable");
