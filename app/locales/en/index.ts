/** English UI texts: the same keys as Russian, enforced per area by the type checker. */
import app from "./app";
import location from "./location";
import menu from "./menu";
import errors from "./errors";
import auth from "./auth";

const en = { app, location, menu, errors, auth };

export default en;
