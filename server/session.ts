/**
 * Cookie sessions (DESIGN.md "Where state lives"):
 * - storefront cookie: location, cart, order draft — encrypted, compact (ids and counts only);
 * - auth cookie: tokens and the person — encrypted, never readable by the browser;
 * - prefs cookie: locale, cookie consent, 18+ — small, signed, readable server-side;
 * - history cookie: the signed-in customer's last orders — encrypted;
 * - places cookie: the signed-in customer's saved delivery places — encrypted (ADR 180).
 * Every cookie is tied to its brand (ADR 144): the encrypted ones are sealed for a purpose that names the brand's
 * white-label, the prefs cookie is signed with keys derived for it, so another brand's cookie — two brands behind
 * one domain, or one SESSION_SECRET reused — does not even open.
 * The stores are made once at start (`createSessionStores`, part of the services); each request gets one
 * `RequestSession` in its context (server/context.ts): every loader of the request shares its parsed
 * copy, and each changed cookie is committed once, by an action through `commitHeaders` or, for what is left,
 * by the request middleware. No cookie past 4,096 bytes is ever written (ADR 144): the storefront cookie — the one
 * the customer's own choices fill — is refused with CookieTooLargeError, and the caller keeps the previous cookie
 * and tells the customer; any other one is left out and logged (the customer could not make it smaller).
 */
import { createHmac } from "node:crypto";
import { createCookie, type Cookie } from "react-router";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import type { Brand } from "./brand";
import type { Config } from "./config";
import { cartLineSchema } from "~/lib/cart";
import { seal, unseal } from "./crypto";
import { log } from "./log";

export const COOKIE_LIMIT_BYTES = 4096;

export class CookieTooLargeError extends Error {
  constructor(public readonly cookieName: string, public readonly bytes: number) {
    super(`Cookie ${cookieName} would be ${bytes} bytes (limit ${COOKIE_LIMIT_BYTES})`);
    this.name = "CookieTooLargeError";
  }
}

// ---- state shapes (names follow the spec's persisted keys, §3) ----------------------------------

// cart lines: the pure cart module owns their shape and bounds (ids and counts only)
export type CartLineState = z.infer<typeof cartLineSchema>;

export const deliveryPlaceSchema = z.object({
  address: z.string().max(300),
  street: z.string().max(200).nullable().default(null),
  houseNumber: z.string().max(40).nullable().default(null),
  houseConfirmed: z.boolean().default(false),
  apartment: z.string().max(40).default(""),
  entrance: z.string().max(40).default(""),
  floor: z.string().max(40).default(""),
  intercom: z.string().max(40).default(""),
  comment: z.string().max(300).default(""),
  location: z.object({ lat: z.number(), lng: z.number() }),
});
export type DeliveryPlaceState = z.infer<typeof deliveryPlaceSchema>;

export const storefrontStateSchema = z.object({
  app_white_label: z.string().optional(),
  app_version: z.string().optional(),
  city_id: z.number().int().optional(),
  resto_id: z.number().int().nullable().optional(),
  order_delivery_method: z.enum(["DELIVERY", "TAKE_AWAY"]).optional(),
  order_delivery_place: deliveryPlaceSchema.nullable().optional(),
  cart_positions: z.array(cartLineSchema).default([]),
  order_payment_method: z.enum(["CARD_ONLINE", "CARD_UPON_RECEIPT", "CASH_UPON_RECEIPT"]).nullable().optional(),
  order_comment: z.string().max(100).optional(),
  order_person: z
    .object({ name: z.string().max(50), phone: z.string().max(40), email: z.string().max(200), receiptEmail: z.string().max(200) })
    .partial()
    .optional(),
  order_person_count: z.number().int().min(1).max(99).optional(),
  order_promo_code: z.string().max(40).nullable().optional(),
  order_pre_order_at: z.string().max(40).nullable().optional(),
  /**
   * The checkout form this browser sent whose outcome it was not told (ADR 145): when the shared ledger lost its
   * record (a Redis restart without its data), the form is still treated as an attempt of this moment, asked of the
   * upstream before it may be placed again. Until its outcome is known, every form the browser sends for the same
   * `owner` is taken for this one, and the cart renders it again (ADR 214): no second order out of one lost answer.
   */
  order_attempt: z.object({ key: z.string().max(64), startedAt: z.number().int(), owner: z.string().max(40).optional() }).nullable().optional(),
  /**
   * The cart's generation (ADR 216): made when an empty cart gets its first line, gone when it is empty again. The
   * ledger links it to the first form sent with it, so that a form sent with the same cart later — the browser never
   * got the answer that emptied it — is taken for that one.
   */
  cart_id: z.string().max(40).optional(),
  /**
   * The order this browser placed last, for its success screen (ADR 096): the redirect after the order may land on a
   * container that cannot read the shared ledger right now.
   */
  last_order: z
    .object({
      key: z.string().max(64),
      owner: z.string().max(40),
      orderId: z.string().max(64),
      number: z.string().max(64),
      total: z.number().nullable(),
      currency: z.string().max(8),
      deliveryTime: z.number().int().nullable().optional(),
      /** when it arrives (ADR 190); an unreadable one is dropped, never the cookie */
      eta: z
        .object({
          method: z.enum(["DELIVERY", "TAKE_AWAY"]),
          orderedAt: z.number().int(),
          timezone: z.string().min(1).max(64),
          at: z.number().int().nullable(),
          source: z.enum(["upstream", "pre-order", "estimate"]).nullable(),
        })
        .nullable()
        .optional()
        .catch(null),
      /** paid by card online (ADR 099); the payment address itself is not kept here */
      online: z.boolean().optional(),
    })
    .nullable()
    .optional(),
});
export type StorefrontState = z.infer<typeof storefrontStateSchema>;

/** Keeps `cart_id` with the cart (ADR 216): a new one when an empty cart gets lines, none while it is empty. */
export function renewCartId(state: StorefrontState, previous: readonly unknown[]): void {
  if (state.cart_positions.length === 0) delete state.cart_id;
  else if (previous.length === 0 || !state.cart_id) state.cart_id = crypto.randomUUID();
}

export const authStateSchema = z.object({
  person_token_set: z
    .object({
      accessToken: z.string(),
      refreshToken: z.string(),
      vkAccessToken: z.string().nullable().optional(),
      source: z.enum(["PHONE", "APPLE", "GOOGLE", "VK"]),
    })
    .optional(),
  person_profile: z
    .object({
      id: z.number().int(),
      firstName: z.string().nullable(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
    })
    .optional(),
  /** this sign-in's id: sign-out lists it as revoked, so a copy of the cookie is signed out too (ADR 073) */
  session_id: z.string().max(64).optional(),
  /** short-lived sign-in flow state (SMS timer, PKCE verifier, OAuth state) */
  flow: z.record(z.string(), z.unknown()).optional(),
});
export type AuthState = z.infer<typeof authStateSchema>;

export const prefsStateSchema = z.object({
  app_locale: z.string().max(5).optional(),
  person_cookies_consent_accepted: z.boolean().optional(),
  person_adulthood_confirmed: z.boolean().optional(),
});
export type PrefsState = z.infer<typeof prefsStateSchema>;

/**
 * The signed-in customer's last orders (issue 18 §1, ADR 101): a cookie of its own, so that it never takes
 * room from the cart. `owner` is the person id; the entries are read by app/lib/order-history.ts, which
 * leaves out what it cannot read. Kept under HISTORY_COOKIE_BUDGET_BYTES by server/orders/history.ts.
 */
export const historyStateSchema = z.object({
  owner: z.string().max(40).optional(),
  orders: z.array(z.unknown()).max(10).optional(),
});
export type HistoryState = z.infer<typeof historyStateSchema>;

/**
 * The signed-in customer's saved delivery places (issue 39 §1, ADR 180): a cookie of its own, like the history.
 * `owner` is the person id; the entries are read by app/lib/saved-places.ts, which leaves out what it cannot read.
 * Kept under PLACES_COOKIE_BUDGET_BYTES by server/places/saved-places.ts.
 */
export const placesStateSchema = z.object({
  owner: z.string().max(40).optional(),
  places: z.array(z.unknown()).max(10).optional(),
});
export type PlacesState = z.infer<typeof placesStateSchema>;

// ---- storage ----------------------------------------------------------------------------------

interface Store<T> {
  name: string;
  /**
   * the state a `Cookie` header holds (its schema's default when none or not valid), that state's JSON text, and
   * whether it came from a cookie made before cookies were tied to their brand (ADR 144: written again at the
   * next commit, in the brand's own form)
   */
  read(header: string | null): Promise<{ value: T; text: string; legacy: boolean }>;
  /** the Set-Cookie header; CookieTooLargeError when its name=value would pass COOKIE_LIMIT_BYTES */
  serialize(value: T): Promise<string>;
  destroy(): Promise<string>;
}

/**
 * The seal's purpose of an encrypted cookie: its name and the brand's white-label (ADR 144), so that a cookie sealed
 * by another brand with the same secret does not open here. Before ADR 144 the purpose was the name alone.
 */
export function cookiePurpose(base: string, whiteLabel: string): string {
  return `${base}:${whiteLabel}`;
}

/** The signing keys of a signed cookie of one brand: each secret's HMAC of the cookie's purpose (ADR 144). */
function brandKeys(secrets: readonly string[], purpose: string): string[] {
  return secrets.map((secret) => createHmac("sha256", secret).update(`storefront-signed-cookie-v1\u0000${purpose}`).digest("base64url"));
}

function checkedSize(cookieName: string, header: string): string {
  const bytes = Buffer.byteLength(header.split(";")[0] ?? "");
  if (bytes > COOKIE_LIMIT_BYTES) throw new CookieTooLargeError(cookieName, bytes);
  return header;
}

const YEAR = 60 * 60 * 24 * 365;

function cookieName(base: string, config: Config) {
  // `__Host-` binds the cookie to this exact origin when it is served over HTTPS (issue 8).
  return config.env.PUBLIC_ORIGIN?.startsWith("https://") ? `__Host-${base}` : base;
}

/** Cookie headers longer than this are opened every time, never remembered. */
const MEMO_HEADER_CHARS = 8192;

/**
 * The JSON text of `value` read by `schema`, or null when it does not fit. The schemas' defaults are constants and
 * their values JSON data, so the text parses back to the very state the schema gave (fresh objects every time).
 */
function validText<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, value: unknown): string | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? JSON.stringify(parsed.data) : null;
}

/**
 * Remembers what a store's cookie in a `Cookie` header opens to (its state's text, or null when absent, not genuine
 * or not valid).
 * Opening is a pure function of the header while the process lives (the secrets are read once, at start-up), and
 * a customer's browser repeats the same header on every request until one of its cookies changes; so parsing,
 * the signature check, AES-GCM, inflating and the schema's validation run once per header, not once per request
 * (issue 17: opening was ≈ 12 % of the warm home's CPU, profiled, ADR 129; validating ran once per loader, ADR
 * 133). The header is the key, so a tampered or foreign cookie is a different key and is opened (and refused) like
 * any other. Bounded: about a million characters of headers and texts per store.
 */
export function openedOnce<O extends string | { text: string } = string>(open: (header: string | null) => Promise<O | null>) {
  const memo = new LRUCache<string, { opened: O | null }>({
    maxSize: 1024 * 1024,
    sizeCalculation: (value, key) => {
      const opened = value.opened;
      return key.length + (typeof opened === "string" ? opened.length : (opened?.text.length ?? 0)) + 16;
    },
  });
  return async (header: string | null): Promise<O | null> => {
    if (!header || header.length > MEMO_HEADER_CHARS) return open(header);
    const known = memo.get(header);
    if (known) return known.opened;
    const opened = await open(header);
    memo.set(header, { opened });
    return opened;
  };
}

/** What a store's cookie opened to: its state's text, and whether it was a cookie of the form before ADR 144. */
interface Opened {
  text: string;
  legacy: boolean;
}

function cookieFor(base: string, config: Config, maxAge: number, secrets?: string[]): Cookie {
  return createCookie(cookieName(base, config), {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    // Secure whenever the public origin is https; production behind an unknown origin too, except the
    // demo, which runs on plain http://localhost.
    secure: config.env.PUBLIC_ORIGIN ? config.env.PUBLIC_ORIGIN.startsWith("https://") : config.production && !config.demo,
    maxAge,
    secrets,
  });
}

/**
 * An encrypted cookie of this brand (ADR 144): sealed for `cookiePurpose(base, white-label)`. `legacy` says which
 * cookies sealed the way they were before (purpose `base` alone, so not tied to a brand) are still opened: a
 * predicate on the state they hold, or none.
 */
function encryptedStore<T>(
  base: string,
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
  config: Config,
  maxAge: number,
  legacy: ((state: T) => boolean) | null = null,
): Store<T> {
  const cookie = cookieFor(base, config, maxAge);
  const purpose = cookiePurpose(base, config.brand.whiteLabel);
  const empty = JSON.stringify(schema.parse({}));
  const valid = (plain: string | null): string | null => {
    if (!plain) return null;
    try {
      return validText(schema, JSON.parse(plain));
    } catch {
      return null;
    }
  };
  // opened, parsed and validated once per header: a read is one JSON.parse of the remembered state's text
  const open = openedOnce<Opened>(async (header) => {
    const sealed: unknown = await cookie.parse(header);
    if (typeof sealed !== "string") return null;
    const text = valid(unseal(sealed, config.sessionSecrets, purpose));
    if (text) return { text, legacy: false };
    if (!legacy) return null;
    const old = valid(unseal(sealed, config.sessionSecrets, base));
    return old && legacy(JSON.parse(old) as T) ? { text: old, legacy: true } : null;
  });
  return {
    name: cookie.name,
    async read(header) {
      const opened = await open(header);
      const text = opened?.text ?? empty;
      return { value: JSON.parse(text) as T, text, legacy: opened?.legacy ?? false };
    },
    async serialize(value) {
      return checkedSize(cookie.name, await cookie.serialize(seal(JSON.stringify(value), config.sessionSecrets, purpose)));
    },
    destroy: () => cookie.serialize("", { maxAge: 0, expires: new Date(0) }),
  };
}

/**
 * A signed cookie of this brand (ADR 144): signed with keys derived from each secret for the cookie and the brand.
 * With `legacy`, a cookie signed the way it was before (with the secrets themselves, so not tied to a brand) is
 * still read, and written again in the brand's form at the next commit.
 */
function signedStore<T>(base: string, schema: z.ZodType<T, z.ZodTypeDef, unknown>, config: Config, legacy: boolean): Store<T> {
  const cookie = cookieFor(base, config, YEAR, brandKeys(config.sessionSecrets, cookiePurpose(base, config.brand.whiteLabel)));
  const legacyCookie = legacy ? cookieFor(base, config, YEAR, config.sessionSecrets) : null;
  const empty = JSON.stringify(schema.parse({}));
  // the verified, validated value as JSON text: every read gets objects of its own to change
  const open = openedOnce<Opened>(async (header) => {
    const value: unknown = await cookie.parse(header);
    if (value !== null && value !== undefined) {
      const text = validText(schema, value);
      return text === null ? null : { text, legacy: false };
    }
    const old: unknown = legacyCookie ? await legacyCookie.parse(header) : null;
    const text = old === null || old === undefined ? null : validText(schema, old);
    return text === null ? null : { text, legacy: true };
  });
  return {
    name: cookie.name,
    async read(header) {
      const opened = await open(header);
      const text = opened?.text ?? empty;
      return { value: JSON.parse(text) as T, text, legacy: opened?.legacy ?? false };
    },
    serialize: async (value) => checkedSize(cookie.name, await cookie.serialize(value)),
    destroy: () => cookie.serialize("", { maxAge: 0, expires: new Date(0) }),
  };
}

export interface SessionStores {
  storefront: Store<StorefrontState>;
  auth: Store<AuthState>;
  prefs: Store<PrefsState>;
  history: Store<HistoryState>;
  places: Store<PlacesState>;
}

/**
 * The cookie stores of this configuration, made once at start. Cookies made before they were tied to their brand
 * (ADR 144) are read where nothing is at stake and written again in the brand's form at the next commit:
 * - storefront: an old cookie opens only to be checked against the brand's stamp — this brand's (and version's)
 *   state is kept, any other is dropped (and the browser's storage reset) by `stampBrand`, as before;
 * - prefs: an old signature is accepted (locale, consent, 18+: the customer's own choices, shared before by every
 *   brand on the domain anyway; refusing them would ask every customer again);
 * - auth, history and places: never — nothing in them proves their brand, and they are credentials and personal data:
 *   signed-in customers sign in once more after the change, and the history's cookie copy starts afresh (its Redis
 *   copy, per brand, stays).
 */
export function createSessionStores(config: Config): SessionStores {
  return {
    storefront: encryptedStore("sf_state", storefrontStateSchema, config, 60 * 60 * 24 * 90, () => true),
    auth: encryptedStore("sf_auth", authStateSchema, config, 60 * 60 * 24 * 30),
    prefs: signedStore("sf_prefs", prefsStateSchema, config, true),
    history: encryptedStore("sf_orders", historyStateSchema, config, 60 * 60 * 24 * 90),
    places: encryptedStore("sf_places", placesStateSchema, config, 60 * 60 * 24 * 180),
  };
}

// ---- per-request access and commit-once ---------------------------------------------------------

export type SessionKind = keyof SessionStores;
interface Entry<T> {
  value: T;
  /** the state's text as the browser holds it ("" when it must be written again: a cookie of the form before ADR 144) */
  snapshot: string;
  /** the state's text when it was last left out for being too large: not tried again until it changes */
  refusedAt?: string;
  /** the text of a cookie of the form before ADR 144, as it was read: written again unchanged, it is never refused */
  legacyText?: string;
  /** "asked": the cookie goes at the next commit; "sent": it went */
  destroyed: false | "asked" | "sent";
}
export type StateOf<K extends SessionKind> = K extends "storefront"
  ? StorefrontState
  : K extends "auth"
    ? AuthState
    : K extends "history"
      ? HistoryState
      : K extends "places"
        ? PlacesState
        : PrefsState;

/** What a commit wrote, and the cookies it left out for being too large (the browser keeps its previous copy). */
export interface Commit {
  headers: Headers;
  refused: SessionKind[];
}

/** One request's cookies: read once per kind, changed in place, committed once. */
export interface RequestSession {
  /** The request's state of one kind; mutate the returned object, then `commitHeaders` in the action. */
  get<K extends SessionKind>(kind: K): Promise<StateOf<K>>;
  /** Replace the whole state of one kind (e.g. sign-out clears auth). */
  set<K extends SessionKind>(kind: K, value: StateOf<K>): Promise<void>;
  destroy(kind: SessionKind): Promise<void>;
  /**
   * Set-Cookie headers for every state this request changed since the last commit, each once; no cookie past
   * COOKIE_LIMIT_BYTES is ever among them (ADR 144). The storefront cookie — cart, address, order draft: what the
   * customer can make smaller — is refused with CookieTooLargeError, before anything is sent or marked as sent, so
   * the browser keeps its previous cookie and the caller tells the customer. Any other cookie that would be too
   * large (sign-in tokens, the order history, prefs: nothing the customer could shrink) is left out and logged, and
   * the answer goes on without it.
   */
  commitHeaders(init?: HeadersInit): Promise<Headers>;
  /**
   * `commitHeaders` that never throws for size: every changed cookie that fits is written, the storefront cookie
   * included, and those that would not fit are left out (the browser keeps its copy) and returned in `refused`.
   * For an answer that tells the customer itself (`errors.cookieTooLarge`) instead of failing.
   */
  commitWhatFits(init?: HeadersInit): Promise<Commit>;
  /** True when this request arrived with storefront state of another white-label or version (spec §1). */
  wasReset(): Promise<boolean>;
}

export function createRequestSession(stores: SessionStores, brand: Pick<Brand, "whiteLabel" | "version">, cookieHeader: string | null): RequestSession {
  const entries: { [K in SessionKind]?: Promise<Entry<StateOf<K>>> } = {};
  let reset = false;

  /** spec §1: stored state of another white-label or version is dropped (issue 7 adds local storage). */
  function stampBrand<K extends SessionKind>(kind: K, value: StateOf<K>): StateOf<K> {
    if (kind !== "storefront") return value;
    const state = value as StorefrontState;
    if (state.app_white_label === brand.whiteLabel && state.app_version === brand.version) return value;
    // a cookie of another white-label or version was dropped: the browser's local storage goes too
    if (state.app_white_label !== undefined) reset = true;
    return { cart_positions: [], app_white_label: brand.whiteLabel, app_version: brand.version } as unknown as StateOf<K>;
  }

  function entry<K extends SessionKind>(kind: K): Promise<Entry<StateOf<K>>> {
    const existing = entries[kind] as Promise<Entry<StateOf<K>>> | undefined;
    if (existing) return existing;
    const store = stores[kind] as unknown as Store<StateOf<K>>;
    const created = store.read(cookieHeader).then(
      ({ value, text, legacy }): Entry<StateOf<K>> => ({
        value: stampBrand(kind, value),
        snapshot: legacy ? "" : text,
        ...(legacy ? { legacyText: text } : {}),
        destroyed: false,
      }),
    );
    (entries as Record<SessionKind, unknown>)[kind] = created;
    return created;
  }

  /** Serializes every change first and marks it sent only when the commit goes through (a throw leaves all unsent). */
  async function commit(init: HeadersInit | undefined, strict: boolean): Promise<Commit> {
    const headers = new Headers(init);
    const refused: SessionKind[] = [];
    const marks: (() => void)[] = [];
    for (const kind of Object.keys(entries) as SessionKind[]) {
      const e = (await entries[kind]) as Entry<unknown>;
      const store = stores[kind] as Store<unknown>;
      if (e.destroyed === "asked") {
        headers.append("Set-Cookie", await store.destroy());
        marks.push(() => (e.destroyed = "sent"));
        continue;
      }
      if (e.destroyed) continue;
      const text = JSON.stringify(e.value);
      if (text === e.snapshot) continue;
      // refused already in this request and unchanged since: still not written (said again, not logged again)
      if (text === e.refusedAt) {
        refused.push(kind);
        continue;
      }
      try {
        headers.append("Set-Cookie", await store.serialize(e.value));
        marks.push(() => {
          e.snapshot = text;
          e.refusedAt = undefined;
        });
      } catch (error) {
        if (!(error instanceof CookieTooLargeError)) throw error;
        // a cookie of the old form only written again in the new one: the old one keeps working, nothing to tell
        if (strict && kind === "storefront" && text !== e.legacyText) throw error;
        refused.push(kind);
        marks.push(() => (e.refusedAt = text));
        // the customer can do nothing about these: the operator learns of it
        if (kind !== "storefront") log("warn", "cookie not updated: it would be too large", { cookie: error.cookieName, bytes: error.bytes });
      }
    }
    for (const mark of marks) mark();
    return { headers, refused };
  }

  return {
    get: async (kind) => (await entry(kind)).value,
    async set(kind, value) {
      (await entry(kind)).value = value;
    },
    async destroy(kind) {
      (await entry(kind)).destroyed = "asked";
    },
    commitHeaders: async (init) => (await commit(init, true)).headers,
    commitWhatFits: (init) => commit(init, false),
    async wasReset() {
      await entry("storefront");
      return reset;
    },
  };
}

/** Bytes the cookie of one kind would take with this value (its name=value part, as the 4 KB guard counts). */
export async function cookieBytes<K extends SessionKind>(stores: SessionStores, kind: K, value: StateOf<K>): Promise<number> {
  const store = stores[kind] as unknown as Store<StateOf<K>>;
  try {
    return Buffer.byteLength((await store.serialize(value)).split(";")[0] ?? "");
  } catch (error) {
    if (error instanceof CookieTooLargeError) return error.bytes;
    throw error;
  }
}
