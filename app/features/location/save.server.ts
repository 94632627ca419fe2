/**
 * spec §4 Save, the popup's one mutation (POST intent "save"; docs/decisions/020): validation (skipped when
 * nothing changed), the house-number confirmation, the cart validity check, the write, the payment fallback,
 * and where the customer lands afterwards.
 */
import { parseTranslated } from "~/features/forms/parse-translated";
import type { StorefrontState } from "~server/session";
import type { DeliveryMethod } from "~/lib/model";
import { landingAfterSave } from "~/lib/location-rules";
import { fallbackPaymentMethod, paymentMethodsFor } from "~/lib/payment";
import { needsHouseConfirmation } from "~/lib/place";
import type { AppLocale } from "~/i18n/i18n";
import { translatorFor } from "~/i18n/locale.server";
import en from "~/i18n/locales/en";
import ru from "~/i18n/locales/ru";
import { saveSchema } from "./draft";
import { locationHref } from "./href";
import { resolveDraft, type Deps } from "./resolve-draft.server";
import type { AreaMessage, LocationView } from "./view";

/** the delivery place a save wrote (null for takeaway) and its city: the saved places remember it (ADR 180) */
export interface SavedWhat {
  cityId: number;
  place: NonNullable<StorefrontState["order_delivery_place"]> | null;
}

export type SaveOutcome =
  | ({ kind: "saved"; redirectTo: string } & SavedWhat)
  | ({ kind: "unchanged"; redirectTo: string } & SavedWhat)
  | { kind: "confirmHouse"; href: string }
  /** `field`: the draft field the message is about (the address, the point), when it is about one */
  | { kind: "invalid"; message: string; view: LocationView; field?: "q" | "resto" };

export type CartCheck = (input: {
  restoId: number;
  method: DeliveryMethod;
  place: NonNullable<StorefrontState["order_delivery_place"]> | null;
}) => Promise<{ valid: true } | { valid: false; message: string }>;

/** spec §8 area messages, in the customer's language. */
export function areaText(message: AreaMessage, locale: AppLocale): string {
  return (locale === "en" ? en : ru).errors[message];
}

/**
 * spec §4 Save: validate (skipped when nothing changed); a DELIVERY address without a house number asks for
 * confirmation first; then the cart validity check; then city, method, place (cleared for takeaway) and resto
 * are written, and an unavailable saved payment method falls back to the first available or none.
 */
export async function saveLocation(
  formData: FormData,
  state: StorefrontState,
  locale: AppLocale,
  deps: Deps & { checkCart?: CartCheck },
): Promise<SaveOutcome | { kind: "bad"; message: string }> {
  const submission = parseTranslated(formData, saveSchema, translatorFor(locale));
  if (submission.status !== "success") return { kind: "bad", message: (locale === "en" ? en : ru).errors.requestFailed };
  const view = await resolveDraft(submission.value, state, locale, deps);
  const redirectTo = view.closeTo;
  if (!view.city) {
    return { kind: "invalid", message: (locale === "en" ? en : ru).location.chooseCity, view };
  }
  const place =
    view.method === "DELIVERY" && view.address
      ? {
          address: view.address.formatted,
          street: view.address.street,
          houseNumber: view.address.houseNumber,
          houseConfirmed: view.houseConfirmed,
          ...view.details,
          location: view.address.location,
        }
      : null;

  // spec §4: "validate (skipped if nothing changed)"
  const unchanged =
    state.city_id === view.city.id &&
    state.order_delivery_method === view.method &&
    (state.resto_id ?? null) === view.restoId &&
    JSON.stringify(state.order_delivery_place ?? null) === JSON.stringify(place);
  if (unchanged) return { kind: "unchanged", redirectTo, cityId: view.city.id, place };

  if (view.error) return { kind: "invalid", message: view.error, view, field: view.method === "DELIVERY" ? "q" : "resto" };
  if (view.areaMessage === "noRestos" || view.areaMessage === "noMenus" || view.restoId === null) {
    const message = view.areaMessage ? areaText(view.areaMessage, locale) : (view.error ?? "");
    return { kind: "invalid", message, view };
  }
  if (needsHouseConfirmation(view.address, { method: view.method, confirmed: view.houseConfirmed })) {
    return { kind: "confirmHouse", href: locationHref(view.query, { confirm: "1" }) };
  }
  if (deps.checkCart) {
    const check = await deps.checkCart({ restoId: view.restoId, method: view.method, place });
    if (!check.valid) return { kind: "invalid", message: check.message, view };
  }
  const resto = view.area?.restos.find((r) => r.id === view.restoId);
  // another restaurant or method: the menu URL the popup was opened from may no longer exist
  const menusChanged = (state.resto_id ?? null) !== view.restoId || state.order_delivery_method !== view.method;
  state.city_id = view.city.id;
  state.order_delivery_method = view.method;
  state.order_delivery_place = view.method === "DELIVERY" ? place : null;
  state.resto_id = view.restoId;
  if (state.order_payment_method) {
    state.order_payment_method = fallbackPaymentMethod(
      state.order_payment_method,
      paymentMethodsFor(resto?.payConfig, view.method),
    );
  }
  return { kind: "saved", redirectTo: landingAfterSave(redirectTo, menusChanged), cityId: view.city.id, place };
}
