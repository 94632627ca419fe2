/**
 * Cookie sessions (DESIGN.md "Where state lives"):
 * - storefront cookie: location, cart, order draft — encrypted, compact (ids and counts only);
 * - auth cookie: tokens and the person — encrypted, never readable by the browser;
 * - prefs cookie: locale, cookie consent, 18+ — small, signed, readable server-side.
 * The stores are made once at start (`createSessionStores`, part of the services); each request gets one
 * `RequestSession` in its context (server/context.ts): every loader of the request shares its parsed
 * copy, and each changed cookie is committed once, by an action through `commitHeaders` or, for what is left,
 * by the request middleware. A cookie that would pass 4,096 bytes is refused with CookieTooLargeError; the
 * caller keeps the previous cookie and tells the customer.
 */
import { createCookie, type Cookie } from "react-router";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import type { Brand } from "./brand";
import type { Config } from "./config";
import { cartLineSchema } from "~/lib/cart";
import { seal, unseal } from "./crypto";

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
   * The order this browser placed last, for its success screen (ADR 096): the idempotency store is per
   * container while Redis is away, so the redirect after the order may land on a container that never saw it.
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
      /** paid by card online (ADR 099); the payment address itself is not kept here */
      online: z.boolean().optional(),
    })
    .nullable()
    .optional(),
});
export type StorefrontState = z.infer<typeof storefrontStateSchema>;

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

// ---- storage ----------------------------------------------------------------------------------

interface Store<T> {
  name: string;
  /** the state a `Cookie` header holds (its schema's default when none or not valid), and that state's JSON text */
  read(header: string | null): Promise<{ value: T; text: string }>;
  serialize(value: T): Promise<string>;
  destroy(): Promise<string>;
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
export function openedOnce(open: (header: string | null) => Promise<string | null>) {
  const memo = new LRUCache<string, { text: string | null }>({
    maxSize: 1024 * 1024,
    sizeCalculation: (value, key) => key.length + (value.text?.length ?? 0) + 16,
  });
  return async (header: string | null): Promise<string | null> => {
    if (!header || header.length > MEMO_HEADER_CHARS) return open(header);
    const known = memo.get(header);
    if (known) return known.text;
    const text = await open(header);
    memo.set(header, { text });
    return text;
  };
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

function encryptedStore<T>(base: string, schema: z.ZodType<T, z.ZodTypeDef, unknown>, config: Config, maxAge: number): Store<T> {
  const cookie = cookieFor(base, config, maxAge);
  const empty = JSON.stringify(schema.parse({}));
  // opened, parsed and validated once per header: a read is one JSON.parse of the remembered state's text
  const open = openedOnce(async (header) => {
    const sealed: unknown = await cookie.parse(header);
    const plain = typeof sealed === "string" ? unseal(sealed, config.sessionSecrets, base) : null;
    if (!plain) return null;
    try {
      return validText(schema, JSON.parse(plain));
    } catch {
      return null;
    }
  });
  return {
    name: cookie.name,
    async read(header) {
      const text = (await open(header)) ?? empty;
      return { value: JSON.parse(text) as T, text };
    },
    async serialize(value) {
      const header = await cookie.serialize(seal(JSON.stringify(value), config.sessionSecrets, base));
      const bytes = Buffer.byteLength(header.split(";")[0] ?? "");
      if (bytes > COOKIE_LIMIT_BYTES) throw new CookieTooLargeError(cookie.name, bytes);
      return header;
    },
    destroy: () => cookie.serialize("", { maxAge: 0, expires: new Date(0) }),
  };
}

function signedStore<T>(base: string, schema: z.ZodType<T, z.ZodTypeDef, unknown>, config: Config): Store<T> {
  const cookie = cookieFor(base, config, YEAR, config.sessionSecrets);
  const empty = JSON.stringify(schema.parse({}));
  // the verified, validated value as JSON text: every read gets objects of its own to change
  const open = openedOnce(async (header) => {
    const value: unknown = await cookie.parse(header);
    return value === null || value === undefined ? null : validText(schema, value);
  });
  return {
    name: cookie.name,
    async read(header) {
      const text = (await open(header)) ?? empty;
      return { value: JSON.parse(text) as T, text };
    },
    serialize: (value) => cookie.serialize(value),
    destroy: () => cookie.serialize("", { maxAge: 0, expires: new Date(0) }),
  };
}

export interface SessionStores {
  storefront: Store<StorefrontState>;
  auth: Store<AuthState>;
  prefs: Store<PrefsState>;
  history: Store<HistoryState>;
}

/** The cookie stores of this configuration, made once at start. */
export function createSessionStores(config: Config): SessionStores {
  return {
    storefront: encryptedStore("sf_state", storefrontStateSchema, config, 60 * 60 * 24 * 90),
    auth: encryptedStore("sf_auth", authStateSchema, config, 60 * 60 * 24 * 30),
    prefs: signedStore("sf_prefs", prefsStateSchema, config),
    history: encryptedStore("sf_orders", historyStateSchema, config, 60 * 60 * 24 * 90),
  };
}

// ---- per-request access and commit-once ---------------------------------------------------------

export type SessionKind = keyof SessionStores;
interface Entry<T> {
  value: T;
  snapshot: string;
  /** "asked": the cookie goes at the next commit; "sent": it went */
  destroyed: false | "asked" | "sent";
}
export type StateOf<K extends SessionKind> = K extends "storefront"
  ? StorefrontState
  : K extends "auth"
    ? AuthState
    : K extends "history"
      ? HistoryState
      : PrefsState;

/** One request's cookies: read once per kind, changed in place, committed once. */
export interface RequestSession {
  /** The request's state of one kind; mutate the returned object, then `commitHeaders` in the action. */
  get<K extends SessionKind>(kind: K): Promise<StateOf<K>>;
  /** Replace the whole state of one kind (e.g. sign-out clears auth). */
  set<K extends SessionKind>(kind: K, value: StateOf<K>): Promise<void>;
  destroy(kind: SessionKind): Promise<void>;
  /**
   * Set-Cookie headers for every state this request changed since the last commit, each once. Throws
   * CookieTooLargeError (before anything is sent) when one would be too large — the previous cookie stays in
   * the browser.
   */
  commitHeaders(init?: HeadersInit): Promise<Headers>;
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
    const created = store.read(cookieHeader).then(({ value, text }): Entry<StateOf<K>> => ({ value: stampBrand(kind, value), snapshot: text, destroyed: false }));
    (entries as Record<SessionKind, unknown>)[kind] = created;
    return created;
  }

  return {
    get: async (kind) => (await entry(kind)).value,
    async set(kind, value) {
      (await entry(kind)).value = value;
    },
    async destroy(kind) {
      (await entry(kind)).destroyed = "asked";
    },
    async commitHeaders(init) {
      const headers = new Headers(init);
      for (const kind of Object.keys(entries) as SessionKind[]) {
        const e = (await entries[kind]) as Entry<unknown>;
        const store = stores[kind] as Store<unknown>;
        if (e.destroyed === "asked") {
          headers.append("Set-Cookie", await store.destroy());
          e.destroyed = "sent";
        } else if (e.destroyed) {
          continue;
        } else if (JSON.stringify(e.value) !== e.snapshot) {
          headers.append("Set-Cookie", await store.serialize(e.value));
          e.snapshot = JSON.stringify(e.value);
        }
      }
      return headers;
    },
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
