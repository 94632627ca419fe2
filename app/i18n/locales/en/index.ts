/** English UI texts: the same keys as Russian, enforced per area by the type checker. */
import app from "~/i18n/locales/en/app";
import brand from "~/i18n/locales/en/brand";
import location from "~/i18n/locales/en/location";
import menu from "~/i18n/locales/en/menu";
import errors from "~/i18n/locales/en/errors";
import age from "~/i18n/locales/en/age";
import promotions from "~/i18n/locales/en/promotions";
import restos from "~/i18n/locales/en/restos";
import search from "~/i18n/locales/en/search";
import auth from "~/i18n/locales/en/auth";
import cart from "~/i18n/locales/en/cart";
import checkout from "~/i18n/locales/en/checkout";
import validation from "~/i18n/locales/en/validation";
import pwa from "~/i18n/locales/en/pwa";
import reorder from "~/i18n/locales/en/reorder";
import payment from "~/i18n/locales/en/payment";
import places from "~/i18n/locales/en/places";

const en = { brand, age, promotions, restos, search, cart, checkout, app, location, menu, errors, auth, validation, pwa, reorder, payment, places };

export default en;
