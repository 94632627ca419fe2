import type { Widen } from "~/i18n/locales/types";
import type ru from "~/i18n/locales/ru/location";

/** English texts: location. */
const en: Widen<typeof ru> = {
  header: "Address",
  delivery: "Delivery",
  takeAway: "Takeaway",
  change: "Change address",
  chooseLocation: "Choose an address",
  intro: "Tell us your address so that we can show you the right menu",
  chooseCity: "Choose a city",
  city: "City",
  changeCity: "City: {{name}}. Choose another city",
  noCities: "No cities available",
  // ADR 227: the first choice came back without its cookie
  choiceNotKept:
    "Your browser did not keep your choice: cookies are blocked for this site. Allow them in your browser's settings — without them the site cannot remember your address or cart.",
  methods: "How to get your order",
  addressPlaceholder: "Where to deliver?",
  addressLabel: "Address",
  find: "Find",
  suggestions: "Address suggestions",
  suggestRateLimited: {
    seconds: "Too many address suggestion requests. Try again in {{count}} s, or type the whole address and press Find",
    minutes: "Too many address suggestion requests. Try again in {{count}} min, or type the whole address and press Find",
    hours: "Too many address suggestion requests. Try again in {{count}} h, or type the whole address and press Find",
  },
  apartment: "Apartment / office",
  entrance: "Entrance",
  floor: "Floor",
  intercom: "Intercom",
  comment: "Comment",
  points: "Pickup points",
  chooseOnMap: "Choose on the map",
  save: "Save",
  loading: "Loading restaurants and delivery zones…",
  zone: "Delivery zone: {{name}}",
  map: {
    title: "Map",
    search: "Enter an address",
    confirm: "Confirm",
    terms: "Delivery terms",
    hours: "Opening hours",
    dayOff: "Day off",
    roundTheClock: "Open 24 hours",
    zoomIn: "Zoom in",
    zoomOut: "Zoom out",
    marker: "Delivery point. Move it with the arrow keys, Enter to choose",
    schematic: "Delivery zones diagram",
    loadError: "The map could not be loaded",
    point: "Point on the map",
  },
  terms: {
    title: "Delivery terms",
    orderSum: "Order total",
    delivery: "Delivery",
    free: "Free",
    from: "from {{sum}}",
    range: "{{min}} – {{max}}",
    minutes: "{{count}} min",
  },
  confirm: {
    title: "Confirm the address",
    text: "Please specify the house number for delivery. If it is not on the map, add it to the order comment.",
    refine: "Edit details",
    continue: "Continue without a number",
  },
  validation: {
    chooseOrPoint: "Choose an address from the list or mark a point on the map",
    required: "Enter a delivery address",
    outsideZone: "The address is outside the delivery area",
    notFound: "Address not found",
    takeawayRequired: "Choose a pickup point",
    takeawayNoneAvailable: "No pickup points available",
  },
};

export default en;
