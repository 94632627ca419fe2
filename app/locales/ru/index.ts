/** Russian (default) UI texts, one file per area so that features own their strings. */
import app from "./app";
import location from "./location";
import menu from "./menu";
import errors from "./errors";
import auth from "./auth";

const ru = { app, location, menu, errors, auth };

export default ru;
export type Messages = typeof ru;
