/**
 * Moves the previous storefront's local-storage state into the session on a customer's first visit
 * with JavaScript (issue 7): cart, location, order draft, consent, 18+, language. Values are checked
 * against the catalog — a city, resto or position that no longer exists is dropped and counted, so
 * the page can say so; nothing here throws on bad input.
 *
 * The cart keeps the cart's own rules (app/lib/cart.ts `addLine`): identical lines merge, counts are capped, and
 * lines past CART_MAX_LINES are dropped and counted. The storefront cookie is then fitted to MIGRATION_BUDGET_BYTES
 * (ADR 144), dropping in this order until it fits, each dropped value counted: the order draft (comment, promo
 * code, pre-order time, contact details), the delivery address's comment, cart lines from the last one, the
 * delivery address itself. So the answer never carries a cookie past 4 KB, and the notice says what was left out.
 */
import { isForeignStorage, readLegacyStorage, type RawStorage } from "~/lib/legacy";
import { addLine, validateModifierChoice, type CartLine } from "~/lib/cart";
import { log } from "~server/log";
import { cookieBytes, COOKIE_LIMIT_BYTES, renewCartId, type StorefrontState } from "~server/session";
import type { RequestContext } from "~server/context";

/**
 * What a migrated storefront cookie may take: the 4 KB limit less room for what the customer does next without
 * the cart changing (payment method, person count, a promo code), so that no small change is refused right after.
 */
export const MIGRATION_BUDGET_BYTES = COOKIE_LIMIT_BYTES - 512;

export interface MigrationResult {
  /** the storage belonged to another white-label or version: the browser clears it, nothing moves */
  reset: boolean;
  migrated: boolean;
  /** values dropped because they were unreadable or no longer exist */
  dropped: number;
}

export async function migrateLegacyStorage(rc: RequestContext, storage: RawStorage): Promise<MigrationResult> {
  const { config, upstream } = rc.services;
  const legacy = readLegacyStorage(storage);
  if (isForeignStorage(legacy, config.brand)) return { reset: true, migrated: false, dropped: 0 };

  let dropped = legacy.dropped.length;
  const [storefront, prefs] = await Promise.all([rc.session.get("storefront"), rc.session.get("prefs")]);

  if (legacy.locale && (config.brand.locales.offered as readonly string[]).includes(legacy.locale) && !prefs.app_locale) {
    prefs.app_locale = legacy.locale as typeof prefs.app_locale;
  }
  if (legacy.consent !== undefined && prefs.person_cookies_consent_accepted === undefined) prefs.person_cookies_consent_accepted = legacy.consent;
  if (legacy.adult && !prefs.person_adulthood_confirmed) prefs.person_adulthood_confirmed = true;

  // The session wins: a customer who already chose a location or filled a cart here keeps it.
  const freshSession = storefront.city_id === undefined && storefront.cart_positions.length === 0;
  if (!freshSession) return { reset: false, migrated: true, dropped };

  try {
    if (legacy.cityId !== undefined) {
      const cities = (await upstream.catalog.cities()).value;
      if (cities.some((c) => c.id === legacy.cityId)) {
        storefront.city_id = legacy.cityId;
        const area = await upstream.boot.loadAreaData(legacy.cityId);
        const resto = area.restos.find((r) => r.id === legacy.restoId);
        if (legacy.restoId != null && !resto) dropped++;
        storefront.resto_id = resto ? resto.id : null;
        if (legacy.method) storefront.order_delivery_method = legacy.method;
        if (legacy.place && legacy.method === "DELIVERY") {
          storefront.order_delivery_place = { ...legacy.place, street: null, houseNumber: null, houseConfirmed: true };
        }
      } else dropped++;
    }

    const restoId = storefront.resto_id ?? config.brand.defaultLocation?.restoId ?? null;
    if (legacy.cart.length > 0) {
      if (restoId == null) dropped += legacy.cart.length;
      else {
        const catalog = await upstream.boot.loadRestoCatalog(restoId);
        let cart: CartLine[] = storefront.cart_positions;
        for (const line of legacy.cart) {
          const position = catalog.menus.find((m) => m.menu.id === line.menuId)?.positions.find((p) => p.id === line.positionId);
          const modifiersOk = position && validateModifierChoice(catalog.modifiersByPosition[position.id] ?? [], line.modifiers).length === 0;
          if (!position || !modifiersOk) {
            dropped++;
            continue;
          }
          // the cart's own rules: identical lines merge, counts capped, no line past the limit
          const change = addLine(cart, line);
          cart = change.cart;
          if (change.issue) dropped++;
        }
        storefront.cart_positions = cart;
        renewCartId(storefront, []);
      }
    }
  } catch (error) {
    // the upstream failed: keep what could be read without it, drop the rest (counted)
    log("warn", "legacy migration could not check the catalog", { error: error instanceof Error ? error.message : String(error) });
    dropped += legacy.cart.length;
  }

  if (legacy.payment !== undefined) storefront.order_payment_method = legacy.payment;
  if (legacy.comment !== undefined) storefront.order_comment = legacy.comment;
  if (legacy.person) storefront.order_person = legacy.person;
  if (legacy.personCount !== undefined) storefront.order_person_count = legacy.personCount;
  if (legacy.promoCode !== undefined) storefront.order_promo_code = legacy.promoCode;
  if (legacy.preOrderAt !== undefined) storefront.order_pre_order_at = legacy.preOrderAt;
  dropped += await fitStorefront(rc, storefront);
  return { reset: false, migrated: true, dropped };
}

/**
 * Drops what does not fit the storefront cookie into MIGRATION_BUDGET_BYTES, in the order of the module's comment;
 * how many values went.
 */
async function fitStorefront(rc: RequestContext, state: StorefrontState): Promise<number> {
  const fits = async () => (await cookieBytes(rc.services.sessions, "storefront", state)) <= MIGRATION_BUDGET_BYTES;
  let dropped = 0;
  const steps: (() => boolean)[] = [
    () => drop(state.order_comment !== undefined && state.order_comment !== "", () => delete state.order_comment),
    () => drop(state.order_promo_code != null, () => delete state.order_promo_code),
    () => drop(state.order_pre_order_at != null, () => delete state.order_pre_order_at),
    () => drop(state.order_person !== undefined, () => delete state.order_person),
    () => drop(Boolean(state.order_delivery_place?.comment), () => void (state.order_delivery_place!.comment = "")),
    ...state.cart_positions.map(() => () => drop(state.cart_positions.length > 0, () => void state.cart_positions.pop())),
    () => drop(state.order_delivery_place != null, () => delete state.order_delivery_place),
  ];
  function drop(present: boolean, remove: () => void): boolean {
    if (!present) return false;
    remove();
    dropped++;
    return true;
  }
  for (const step of steps) {
    if (await fits()) break;
    step();
  }
  return dropped;
}
