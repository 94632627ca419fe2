import type { Messages } from "./ru";

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** English UI texts: the same keys as Russian (the type checker enforces completeness; English
 * plurals use only _one and _other). */
const en: Widen<Messages> = {
  app: {
    skipToContent: "Skip to content",
    loading: "Loading…",
    language: "Language",
    languageNames: { ru: "Русский", en: "English", me: "Crnogorski" },
    mainNavigation: "Main navigation",
    cart: "Cart",
    cartWithCount_one: "Cart: {{count}} item",
    cartWithCount_few: "Cart: {{count}} items",
    cartWithCount_many: "Cart: {{count}} items",
    cartWithCount_other: "Cart: {{count}} items",
    signIn: "Sign in",
    menu: "Menu",
    promotions: "Promotions",
    restos: "Restaurants",
    termsOfSale: "Payment security",
    demoNotice: "Demo mode: the data is not real and orders are not delivered",
    staleNotice: "No connection to the server: showing the saved menu; ordering is paused for now",
  },
  location: {
    header: "Address",
    delivery: "Delivery",
    takeAway: "Takeaway",
    change: "Change address",
    chooseLocation: "Choose an address",
  },
  menu: {
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
  },
  errors: {
    requestFailed: "The request failed",
    unknown: "Unknown error",
    notFoundTitle: "Page not found",
    errorTitle: "Something went wrong",
    retry: "Try again",
    toHome: "To the home page",
    cookieTooLarge: "Could not save: too much data. Remove some items from the cart and try again",
    noRestos: "No restaurants are linked",
    noMenus: "The restaurants of the chosen city have no menus",
    noZones: "No delivery zones",
  },
};

export default en;
