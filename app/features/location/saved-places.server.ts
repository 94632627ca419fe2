/**
 * A signed-in customer's saved delivery places in the location popup (issue 39 §1, ADR 180): the popup's loader
 * offers them first (`savedPlacesView`), each checked against its city's delivery zones today; a save with
 * delivery remembers its place (`rememberSavedPlace`); the popup's forms pick one ('use-place': the place goes
 * through the popup's own save, with every check of spec §4) or forget one or all (`placesAction`). Where they
 * are stored: server/places/saved-places.ts (Redis when configured, else an encrypted cookie of their own).
 */
import { parseTranslated } from "~/features/forms/parse-translated";
import { data, redirect } from "react-router";
import { z } from "zod";
import { PLACE_ID, findPlace, placeAvailability, placeId, placeKey, type SavedPlace } from "~/lib/saved-places";
import { messagesFor } from "~/i18n/locale.server";
import type { FormResult } from "~/features/forms/form-result";
import { redirectTarget } from "~/lib/redirect-target";
import { forgetSavedPlaces, readSavedPlaces, recordSavedPlace, type PlacesDeps } from "~server/places/saved-places";
import { CookieTooLargeError, type StorefrontState } from "~server/session";
import { upstreamFailure } from "~server/upstream/errors";
import type { RequestContext } from "~server/context";
import { areaOffer } from "./resolve-draft.server";
import { saveLocation, type CartCheck, type SavedWhat } from "./save.server";
import type { SavedPlaceView } from "./view";

const placesDeps = (rc: RequestContext): PlacesDeps => ({ session: rc.session, sessions: rc.services.sessions, redis: rc.services.redis });

/** the signed-in person's id as the stores key it, or null */
async function ownerOf(rc: RequestContext): Promise<string | null> {
  const person = await rc.person.get();
  return person ? String(person.personId) : null;
}

/** The popup's saved places (null when signed out): newest first, each with why it cannot be picked today. */
export async function savedPlacesView(rc: RequestContext, state: StorefrontState, popupCityId: number | null): Promise<SavedPlaceView[] | null> {
  const owner = await ownerOf(rc);
  if (!owner) return null;
  const places = await readSavedPlaces(placesDeps(rc), owner);
  if (places.length === 0) return [];
  const { upstream } = rc.services;
  const cities = await upstream.catalog.cities().then((r) => r.value).catch(() => null);
  const now = Date.now();
  // one area per city (cached by the catalog); a city whose data does not load is not judged here — the save checks
  const areas = new Map<number, Promise<{ delivers: boolean; zones: ReturnType<typeof areaOffer>["zones"] } | null | undefined>>();
  const areaOf = (cityId: number) => {
    let area = areas.get(cityId);
    if (!area) {
      area =
        cities && !cities.some((c) => c.id === cityId)
          ? Promise.resolve(null)
          : upstream.boot.loadAreaData(cityId).then(
              (a) => {
                const offer = areaOffer(a, now);
                return { delivers: offer.methods.includes("DELIVERY"), zones: offer.zones };
              },
              () => undefined,
            );
      areas.set(cityId, area);
    }
    return area;
  };
  const currentKey =
    state.order_delivery_method === "DELIVERY" && state.order_delivery_place && state.city_id !== undefined
      ? placeKey({ ...state.order_delivery_place, cityId: state.city_id })
      : null;
  return Promise.all(
    places.map(async (place): Promise<SavedPlaceView> => {
      const area = await areaOf(place.cityId);
      const check = area === undefined ? null : placeAvailability(place, area);
      return {
        id: placeId(place),
        address: place.address,
        apartment: place.apartment,
        entrance: place.entrance,
        floor: place.floor,
        cityName: place.cityId === popupCityId ? null : (cities?.find((c) => c.id === place.cityId)?.name ?? null),
        unavailable: check && !check.available ? check.reason : null,
        current: placeKey(place) === currentKey,
      };
    }),
  );
}

/** After a save: a delivery place saved by a signed-in customer joins their saved places (ADR 180). Never throws. */
export async function rememberSavedPlace(rc: RequestContext, saved: SavedWhat): Promise<void> {
  if (!saved.place) return;
  const owner = await ownerOf(rc).catch(() => null);
  if (!owner) return;
  const { street, houseNumber, houseConfirmed, apartment, entrance, floor, intercom, comment, location, address } = saved.place;
  await recordSavedPlace(placesDeps(rc), owner, {
    cityId: saved.cityId,
    address,
    street,
    houseNumber,
    houseConfirmed,
    apartment,
    entrance,
    floor,
    intercom,
    comment,
    location,
    at: rc.services.upstream.clock.now().getTime(),
  });
}

const placeField = z.string().regex(PLACE_ID);
/** The saved places' forms: one schema for the three intents, bounded (the form reader bounds the body itself). */
export const placesSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("use-place"), place: placeField, redirectTo: z.string().max(2000).optional() }),
  z.object({ intent: z.literal("forget-place"), place: placeField }),
  z.object({ intent: z.literal("forget-places") }),
]);

/** The draft of the popup's save for a saved place: the place as the popup would have sent it. */
function draftOf(place: SavedPlace, redirectTo: string | undefined): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    intent: "save",
    city: String(place.cityId),
    method: "DELIVERY",
    addr: place.address,
    lat: String(place.location.lat),
    lng: String(place.location.lng),
    apartment: place.apartment,
    entrance: place.entrance,
    floor: place.floor,
    intercom: place.intercom,
    comment: place.comment,
  };
  if (place.street) fields.street = place.street;
  if (place.houseNumber) fields.house = place.houseNumber;
  if (place.houseConfirmed) fields.houseConfirmed = "1";
  if (redirectTo) fields.redirectTo = redirectTo;
  for (const [name, value] of Object.entries(fields)) if (value !== "") form.set(name, value);
  return form;
}

/**
 * POST /location with a saved place's intent: 'use-place' saves the place as the popup's 'Сохранить' would (303 to
 * where a save lands), 'forget-place' and 'forget-places' forget (303 back to the popup). A refusal is conform's
 * result with the message in the customer's language: 400 for a bad form or a place that cannot be saved now, 403
 * when signed out, 404 for a place that is no longer saved.
 */
export async function placesAction(rc: RequestContext, formData: FormData, checkCart: CartCheck) {
  const messages = messagesFor(rc.locale).places;
  const submission = parseTranslated(formData, placesSchema, rc.t);
  // one message, in the customer's language (zod's own messages of a bad form are not for customers)
  const refuse = (message: string, status: 400 | 403 | 404) =>
    data({ ...submission.reply(), error: { "": [message] } } satisfies FormResult, { status });
  if (submission.status !== "success") return refuse(messages.bad, 400);
  const owner = await ownerOf(rc);
  if (!owner) return refuse(messages.signedOut, 403);
  const form = submission.value;
  if (form.intent !== "use-place") {
    await forgetSavedPlaces(placesDeps(rc), owner, form.intent === "forget-place" ? form.place : null);
    return redirect(`${rc.url.pathname}${rc.url.search}`, { status: 303, headers: await rc.session.commitHeaders() });
  }
  const place = findPlace(await readSavedPlaces(placesDeps(rc), owner), form.place);
  if (!place) return refuse(messages.missing, 404);
  const state = await rc.session.get("storefront");
  const { upstream, geo, config } = rc.services;
  let outcome;
  try {
    outcome = await saveLocation(draftOf(place, form.redirectTo), state, rc.locale, { upstream, geo, brand: config.brand, checkCart });
  } catch (error) {
    throw upstreamFailure(error);
  }
  if (outcome.kind === "bad") return refuse(messages.bad, 400);
  if (outcome.kind === "invalid") return refuse(outcome.message, 400);
  // a saved place has its house confirmed or a number: never asked again; should it be, the popup asks
  if (outcome.kind === "confirmHouse") return redirect(outcome.href, { status: 303 });
  await rememberSavedPlace(rc, outcome);
  try {
    return redirect(redirectTarget(outcome.redirectTo, "/"), { status: 303, headers: await rc.session.commitHeaders() });
  } catch (error) {
    if (error instanceof CookieTooLargeError) return refuse(messagesFor(rc.locale).errors.cookieTooLarge, 400);
    throw error;
  }
}
