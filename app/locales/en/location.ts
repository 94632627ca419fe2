import type { Widen } from "../types";
import type ru from "../ru/location";

/** English texts: location. */
const en: Widen<typeof ru> = {
  header: "Address",
  delivery: "Delivery",
  takeAway: "Takeaway",
  change: "Change address",
  chooseLocation: "Choose an address",
};

export default en;
