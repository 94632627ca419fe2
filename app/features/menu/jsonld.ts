/**
 * schema.org JSON-LD (issue 4 §9): Restaurant with address and opening hours; Menu / MenuSection / MenuItem
 * with offers; modifiers as menu add-ons. Pure functions over the views the pages already render.
 */
import { fromMinor } from "~/lib/money";
import { absoluteUrl } from "~/lib/page-urls";

type Json = Record<string, unknown>;

const SCHEMA_DAYS: Record<string, string> = {
  MONDAY: "https://schema.org/Monday",
  TUESDAY: "https://schema.org/Tuesday",
  WEDNESDAY: "https://schema.org/Wednesday",
  THURSDAY: "https://schema.org/Thursday",
  FRIDAY: "https://schema.org/Friday",
  SATURDAY: "https://schema.org/Saturday",
  SUNDAY: "https://schema.org/Sunday",
};

export function offer(price: number, currency: string, available = true): Json {
  return {
    "@type": "Offer",
    price: fromMinor(price).toFixed(2),
    priceCurrency: currency,
    availability: available ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
  };
}

export interface LdItem {
  id: number;
  menuId: number;
  name: string;
  price: number;
  photo: string | null;
  available: boolean;
  description?: string;
  modifiers?: { name: string; items: { name: string; price: number }[] }[];
}

export function menuItemLd(item: LdItem, currency: string, origin: string): Json {
  const ld: Json = {
    "@type": "MenuItem",
    name: item.name,
    url: `${origin}/menus/${item.menuId}/positions/${item.id}`,
    offers: offer(item.price, currency, item.available),
  };
  if (item.description) ld.description = item.description;
  const image = absoluteUrl(item.photo, origin);
  if (image) ld.image = image;
  if (item.modifiers?.length) {
    ld.menuAddOn = item.modifiers.map((group) => ({
      "@type": "MenuSection",
      name: group.name,
      hasMenuItem: group.items.map((i) => ({ "@type": "MenuItem", name: i.name, offers: offer(i.price, currency) })),
    }));
  }
  return ld;
}

export function menuLd(
  menu: { id: number; name: string; groups: { name: string; positions: LdItem[] }[] },
  currency: string,
  origin: string,
): Json {
  return {
    "@type": "Menu",
    name: menu.name,
    url: `${origin}/menus/${menu.id}`,
    hasMenuSection: menu.groups
      .filter((g) => g.positions.length > 0)
      .map((g) => ({ "@type": "MenuSection", name: g.name, hasMenuItem: g.positions.map((p) => menuItemLd(p, currency, origin)) })),
  };
}

export interface LdResto {
  id: number;
  name: string;
  address: string;
  street?: string;
  phone?: string | null;
  phones?: string[];
  photo?: string | null;
  photos?: string[];
  description?: string;
  currency: string;
  averageCheck?: number | null;
  tags?: string[];
  location?: { lat: number; lng: number } | null;
  openingHours: { dayOfWeek: string; active: boolean; open: string; close: string }[];
}

function closesAt(close: string) {
  return close === "00:00" || close === "23:59" ? "23:59" : close;
}

export function restaurantLd(resto: LdResto, origin: string, extra: Json = {}): Json {
  const ld: Json = {
    "@context": "https://schema.org",
    "@type": "Restaurant",
    "@id": `${origin}/restos/${resto.id}`,
    name: resto.name,
    url: `${origin}/restos/${resto.id}`,
    address: { "@type": "PostalAddress", streetAddress: resto.street || resto.address, name: resto.address },
    currenciesAccepted: resto.currency,
    openingHoursSpecification: resto.openingHours
      .filter((h) => h.active)
      .map((h) => ({ "@type": "OpeningHoursSpecification", dayOfWeek: SCHEMA_DAYS[h.dayOfWeek], opens: h.open, closes: closesAt(h.close) })),
    ...extra,
  };
  const phone = resto.phone ?? resto.phones?.[0];
  if (phone) ld.telephone = phone;
  const images = (resto.photos?.length ? resto.photos : resto.photo ? [resto.photo] : []).map((p) => absoluteUrl(p, origin));
  if (images.length) ld.image = images;
  if (resto.description) ld.description = resto.description;
  if (resto.tags?.length) ld.servesCuisine = resto.tags;
  if (resto.location) ld.geo = { "@type": "GeoCoordinates", latitude: resto.location.lat, longitude: resto.location.lng };
  return ld;
}

/** The <script type="application/ld+json"> body; "<" escaped so no text can close the script element. */
export function ldJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

const ldCache = new WeakMap<object, WeakMap<object, Map<string, string>>>();

/**
 * `ldJson(build())`, kept per (resto view, menus view, key) object pair (ADR 108): the catalog pages' views are
 * the same objects for a minute, so the page's JSON-LD (a fifth of the desktop home's markup) is built once
 * per catalog and minute, not per request. `key` names every other input (origin, language).
 */
export function cachedLdJson(resto: object, menus: object, key: string, build: () => unknown): string {
  let byMenus = ldCache.get(resto);
  if (!byMenus) ldCache.set(resto, (byMenus = new WeakMap()));
  let byKey = byMenus.get(menus);
  if (!byKey) byMenus.set(menus, (byKey = new Map()));
  let json = byKey.get(key);
  if (json === undefined) {
    json = ldJson(build());
    byKey.set(key, json);
  }
  return json;
}
