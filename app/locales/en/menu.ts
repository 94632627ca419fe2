import type { Widen } from "../types";
import type ru from "../ru/menu";

/** English texts: menu. */
const en: Widen<typeof ru> = {
  title: "Menu",
  other: "Other",
  groups: "Menu sections",
  noPhoto: "No photo",
  addToCart: "Add to cart",
  addToCartNamed: "Add “{{name}}” to cart",
  from: "from {{price}}",
  extendedCooking: "Long cooking",
  empty: "This menu has no items yet",
  units: { g: "{{value}} g", pc: "{{value}} pcs", ml: "{{value}} ml", cm: "{{value}} cm" },
};

export default en;
