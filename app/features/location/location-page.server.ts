import { data, redirect } from "react-router";
import { parseTranslated } from "~/features/forms/parse-translated";
import { readForm } from "~/features/forms/read-form.server";
import type { FormResult } from "~/features/forms/form-result";
import { redirectTarget } from "~/lib/redirect-target";
import { CHOICE_NOT_KEPT, markFirstSave } from "~/lib/location-rules";
import { parseDraft, saveSchema } from "./draft";
import { resolveDraft } from "./resolve-draft.server";
import { saveLocation, type CartCheck } from "./save.server";
import { messagesFor } from "~/i18n/locale.server";
import { CookieTooLargeError } from "~server/session";
import { upstreamFailure } from "~server/upstream/errors";
import type { RequestContext } from "~server/context";
import { placesAction, rememberSavedPlace, savedPlacesView } from "./saved-places.server";
import { PLACE_INTENTS } from "./view";

/**
 * The location popup's loader (resolves the URL draft) and its POST: 'Сохранить' (docs/decisions/020), and the saved
 * places' forms (ADR 180).
 */
function deps(rc: RequestContext) {
  const { upstream, geo, config } = rc.services;
  return { upstream, geo, brand: config.brand };
}

export async function locationLoader(rc: RequestContext) {
  const url = rc.url;
  const [state, locale] = await Promise.all([rc.session.get("storefront"), rc.locale]);
  const draft = parseDraft(url.searchParams);
  try {
    const { area: _area, ...view } = await resolveDraft(draft, state, locale, deps(rc));
    const touched = draft.q !== undefined || draft.placeId !== undefined || draft.lat !== undefined || draft.resto !== undefined;
    const mapsKey = rc.config.brand.keys.googleMapsBrowser;
    // a signed-in customer's saved delivery places, offered first (ADR 180); null when signed out
    const places = await savedPlacesView(rc, state, view.city?.id ?? null);
    // home sent the customer back: their first choice was saved but the browser did not keep its cookie (ADR 227)
    const choiceNotKept = url.searchParams.get(CHOICE_NOT_KEPT.name) === CHOICE_NOT_KEPT.value && state.city_id === undefined;
    return data({ view, touched, mapsKey, search: url.search, places, choiceNotKept });
  } catch (error) {
    // spec §8: city data failure is fatal with its message
    throw upstreamFailure(error);
  }
}

/**
 * 'Сохранить'. `checkCart` is spec §4's cart validity check before a new location is saved (a preflight; an empty
 * cart is valid): the cart feature's, handed in by the route so that the location does not depend on the cart.
 */
export async function locationAction(rc: RequestContext, checkCart: CartCheck) {
  const [state, locale] = await Promise.all([rc.session.get("storefront"), rc.locale]);
  const formData = await readForm(rc);
  const intent = formData.get("intent");
  if (typeof intent === "string" && (PLACE_INTENTS as readonly string[]).includes(intent)) return placesAction(rc, formData, checkCart);
  // read before the save writes the new location into `state` (ADR 227)
  const firstSave = state.city_id === undefined;
  let outcome;
  try {
    outcome = await saveLocation(formData, state, locale, { ...deps(rc), checkCart });
  } catch (error) {
    throw upstreamFailure(error);
  }
  // the one result shape (ADR 103): the draft as sent, the message beside its field or the form's
  const refuse = (message: string, field?: "q" | "resto") => {
    const submission = parseTranslated(formData, saveSchema, rc.t);
    const result: FormResult = submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] });
    return data(result, { status: 400 });
  };
  if (outcome.kind === "bad") return refuse(outcome.message);
  if (outcome.kind === "invalid") return refuse(outcome.message, outcome.field);
  if (outcome.kind === "confirmHouse") return redirect(outcome.href, { status: 303 });
  await rememberSavedPlace(rc, outcome);
  try {
    // a first save's return home is marked, so that home can tell whether its cookie came back (ADR 227)
    const target = markFirstSave(redirectTarget(outcome.redirectTo, "/"), firstSave);
    return redirect(target, { status: 303, headers: await rc.session.commitHeaders() });
  } catch (error) {
    if (error instanceof CookieTooLargeError) {
      return refuse(messagesFor(locale).errors.cookieTooLarge);
    }
    throw error;
  }
}

