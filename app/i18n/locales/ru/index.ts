/** Russian (default) UI texts, one file per area so that features own their strings. */
import app from "~/i18n/locales/ru/app";
import brand from "~/i18n/locales/ru/brand";
import location from "~/i18n/locales/ru/location";
import menu from "~/i18n/locales/ru/menu";
import errors from "~/i18n/locales/ru/errors";
import age from "~/i18n/locales/ru/age";
import promotions from "~/i18n/locales/ru/promotions";
import restos from "~/i18n/locales/ru/restos";
import search from "~/i18n/locales/ru/search";
import auth from "~/i18n/locales/ru/auth";
import cart from "~/i18n/locales/ru/cart";
import checkout from "~/i18n/locales/ru/checkout";
import validation from "~/i18n/locales/ru/validation";
import pwa from "~/i18n/locales/ru/pwa";
import reorder from "~/i18n/locales/ru/reorder";
import payment from "~/i18n/locales/ru/payment";
import places from "~/i18n/locales/ru/places";

const ru = { brand, age, promotions, restos, search, cart, checkout, app, location, menu, errors, auth, validation, pwa, reorder, payment, places };

export default ru;
export type Messages = typeof ru;
