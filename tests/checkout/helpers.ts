/**
 * Loader/action tests of the cart and checkout against the upstream twin through msw `setupServer`: the app
 * runs with a "real" upstream URL, its global fetch is intercepted, and single answers are replaced with
 * `server.use(...)` to exercise error codes. Import this module first in a test file.
 */
process.env.UPSTREAM_API_URL = "http://upstream.test";
process.env.UPSTREAM_API_KEY = "demo-api-key";
process.env.LOG_LEVEL = "silent";

import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { addTelemetrySink, type Labels } from "../../server/telemetry";
import { createDemoUpstream, DEMO_SEEDED_PHONE } from "../../server/demo";
import type { StorefrontState } from "../../server/session";
import { atDaytime, contextOf, services } from "../context";
import { honeypotFields } from "../answer";

export const UPSTREAM = "http://upstream.test";
export const twin = createDemoUpstream(UPSTREAM);
// the twin refuses an order 'as soon as possible' while its restaurant is closed: these tests order at a weekday noon
atDaytime(twin.store);
export const server = setupServer(...twin.handlers);

export function withUpstream() {
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}

/** Answers the next preflights (both variants) with one error body. */
export function preflightFails(code: string | null, message: string | null, status = 422) {
  const body = code === null && message === null ? {} : { errors: [{ code, message }] };
  const reply = () => HttpResponse.json(body, { status });
  server.use(
    http.post(`${UPSTREAM}/1/persons/orders/preflight`, reply),
    http.post(`${UPSTREAM}/1/persons/:id/orders/preflight`, reply),
  );
}

/** Answers order creation with one error body. */
export function orderFails(code: string, message: string, status = 422) {
  server.use(
    http.post(`${UPSTREAM}/api/v1/persons/:id/orders`, () => HttpResponse.json({ errors: [{ code, message }] }, { status })),
  );
}

async function callJson(path: string, body: unknown, token?: string) {
  const response = await fetch(`${UPSTREAM}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

/** Signs the seeded demo phone in at the twin; returns the auth state the sign-in feature would store. */
export async function demoPersonAuth() {
  await callJson("/api/v1/sign/in/phone/code", {
    apiKey: "demo-api-key",
    captchaToken: null,
    mode: "WEB",
    phone: DEMO_SEEDED_PHONE,
    whiteLabel: "demo-pizza",
  });
  const code = twin.store.peekSmsCode(DEMO_SEEDED_PHONE);
  const tokens = await callJson("/api/v1/sign/in/phone", {
    apiKey: "demo-api-key",
    captchaToken: null,
    code,
    phone: DEMO_SEEDED_PHONE,
  });
  const me = await callJson("/api/v1/me", undefined, String(tokens.accessToken));
  return {
    person_token_set: {
      accessToken: String(tokens.accessToken),
      refreshToken: String(tokens.refreshToken),
      source: "PHONE" as const,
    },
    person_profile: {
      id: Number(me.id),
      firstName: (me.firstName as string) ?? null,
      phone: (me.phone as string) ?? null,
      email: (me.email as string) ?? null,
    },
  };
}

/**
 * The demo's signed-in customer, signed in once before the file's tests: `customer.person` is the auth state a cookie
 * carries, `customer.owner` the order ledger's owner id (the person's id). Read them inside tests and hooks.
 */
export function signedInDemoCustomer() {
  const customer = {} as { person: Awaited<ReturnType<typeof demoPersonAuth>>; owner: string };
  beforeAll(async () => {
    customer.person = await demoPersonAuth();
    customer.owner = String(customer.person.person_profile.id);
  });
  return customer;
}

/** A Cookie header holding this storefront state (and, optionally, a signed-in person). */
export async function cookieWith(
  storefront: Partial<StorefrontState>,
  auth?: Awaited<ReturnType<typeof demoPersonAuth>>,
): Promise<string> {
  const { session } = await contextOf(new Request("http://localhost/"));
  Object.assign(await session.get("storefront"), storefront);
  if (auth) Object.assign(await session.get("auth"), auth);
  const headers = await session.commitHeaders();
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Merges Set-Cookie answers into a Cookie header (later values win). */
export function nextCookie(previous: string, response: Response | Headers): string {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((c) => [c.split("=")[0]!, c] as const),
  );
  const headers = response instanceof Response ? response.headers : response;
  for (const set of headers.getSetCookie()) {
    const pair = set.split(";")[0]!;
    jar.set(pair.split("=")[0]!, pair);
  }
  return [...jar.values()].join("; ");
}

export function form(fields: Record<string, string | string[]>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
  return body;
}

/** The storefront state a Cookie header holds, as a request with it reads it. */
export async function stateOf(cookie: string): Promise<StorefrontState> {
  return (await contextOf(get("/", cookie))).session.get("storefront");
}

export function post(path: string, cookie: string, fields: Record<string, string | string[]>): Request {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Cookie: cookie, "content-type": "application/x-www-form-urlencoded" },
    body: form({ ...honeypotFields(), ...fields }),
  });
}


export function get(path: string, cookie: string): Request {
  return new Request(`http://localhost${path}`, { headers: { Cookie: cookie } });
}

/** The demo location: Moscow, the flagship resto 173, takeaway. */
export const TAKEAWAY_173: Partial<StorefrontState> = { city_id: 115, resto_id: 173, order_delivery_method: "TAKE_AWAY" };

/** Two Сырники at 173, and the checkout form's fields for them (the key is the caller's): a takeaway order that goes through. */
export const ORDER_CART = [{ positionId: 10056, menuId: 501, count: 2, modifiers: [] }];
export const ORDER_FIELDS = { intent: "checkout", paymentMethod: "CARD_UPON_RECEIPT", name: "Анна", phone: "+7 999 000-11-22", email: "", receiptEmail: "", comment: "", preOrderAt: "" };

/** Delivery to a demo address inside the centre zone of resto 173. */
export const DELIVERY_173: Partial<StorefrontState> = {
  city_id: 115,
  resto_id: 173,
  order_delivery_method: "DELIVERY",
  order_delivery_place: {
    address: "Тверская улица, 7",
    street: "Тверская улица",
    houseNumber: "7",
    houseConfirmed: false,
    apartment: "12",
    entrance: "",
    floor: "",
    intercom: "",
    comment: "",
    location: { lat: 55.7575, lng: 37.612 },
  },
};

/**
 * The labels of the `orders_total` counter (docs/operations.md) counted during each test of the file: call at the top
 * of a test file; the returned function reads the current test's.
 */
export function countOrdersTotal(): () => Labels[] {
  let counted: Labels[] = [];
  const stop = addTelemetrySink({
    count: (name, labels) => void (name === "orders_total" && counted.push(labels)),
    observe: () => {},
    set: () => {},
  });
  beforeEach(() => {
    counted = [];
  });
  afterAll(stop);
  return () => counted;
}

/** The demo brand takes online payments at these origins during the file's tests (the payment stand-in's address). */
export function withPaymentOrigins(origins: string[]) {
  const brand = () => services().config.brand as { paymentOrigins: string[] };
  let saved: string[];
  beforeAll(() => {
    saved = brand().paymentOrigins;
    brand().paymentOrigins = origins;
  });
  afterAll(() => {
    brand().paymentOrigins = saved;
  });
}
