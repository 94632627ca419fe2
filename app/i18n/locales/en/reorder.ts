import type { Widen } from "~/i18n/locales/types";
import type ru from "~/i18n/locales/ru/reorder";

const reorder: Widen<typeof ru> = {
  share: "Share the cart",
  shareTitle: "Share the cart",
  shareIntro: "This link opens the same cart. It holds the dishes and their counts only — no prices, no personal data.",
  shareLink: "Link to the cart",
  shareButton: "Share",
  copyButton: "Copy the link",
  copied: "Link copied",
  shareEmpty: "The cart is empty — nothing to share yet.",
  open: "Open the link",
  sharedTitle: "A cart shared with you",
  sharedIntro: "Prices are today's, from the menu of “{{resto}}”.",
  addToCart: "Add to cart",
  total: "Total: {{amount}}",
  leftOutTitle: "Not added:",
  leftOutGone: "“{{name}}” — no longer sold",
  leftOutGoneUnnamed: "A dish no longer on the menu",
  leftOutModifier: "“{{name}}” — the chosen extras no longer exist",
  leftOutUnavailable: "“{{name}}” — not available now",
  nothingToAdd: "Nothing from this cart can be added now",
  invalid: "The cart link is damaged or out of date.",
  otherResto: "This cart was put together at “{{shared}}”, and you have “{{current}}” selected.",
  otherRestoNone: "This cart was put together at “{{shared}}”.",
  switchResto: "Switch to “{{shared}}”",
  toMenu: "To the menu",
};

export default reorder;
