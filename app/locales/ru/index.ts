/** Russian (default) UI texts, one file per area so that features own their strings. */
import app from "./app";
import brand from "./brand";
import location from "./location";
import menu from "./menu";
import errors from "./errors";
import age from "./age";
import promotions from "./promotions";
import restos from "./restos";
import search from "./search";
import auth from "./auth";
import cart from "./cart";
import checkout from "./checkout";

const ru = { brand, age, promotions, restos, search, cart, checkout, app, location, menu, errors, auth };

export default ru;
export type Messages = typeof ru;
