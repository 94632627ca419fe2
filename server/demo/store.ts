/**
 * The twin's in-memory state: persons and profiles, SMS codes (spec §8/§9 rules), issued tokens, orders
 * and the failure scenario. Deterministic (counters, no randomness) and clock-injectable for tests.
 * Idempotency is not the twin's job: every order POST creates one order.
 */
import { randomBytes } from "node:crypto";
import type { OrderPayload, PreflightAnswer, ProfileDto, TokenSetDto } from "~/lib/model";
import { demoError, type DemoError } from "./errors";
import { createCatalogChanges, type CatalogChanges } from "./catalog-changes";
import { DEFAULT_SCENARIO, type DemoScenario } from "./scenario";
import { decodeToken, encodeToken, type TokenPayload, type TokenType } from "./tokens";

export interface DemoStoreOptions {
  /** clock in milliseconds since epoch (Date.now by default) */
  now?: () => number;
  /** access token lifetime; 5 minutes */
  accessTokenTtlSeconds?: number;
  /** refresh token lifetime; 30 days */
  refreshTokenTtlSeconds?: number;
  /** spec §9: one SMS code request per 90 s per phone */
  smsResendSeconds?: number;
  /** spec §8: wrong codes allowed before the number is locked */
  smsMaxAttempts?: number;
  /** spec §9: "attempts then one hour wait" */
  smsLockSeconds?: number;
  /** how long a sent code stays valid; 10 minutes */
  smsCodeTtlSeconds?: number;
  /** every code is this one (else 1234, then a deterministic sequence) */
  fixedSmsCode?: string;
}

export type SignInSource = "PHONE" | "GOOGLE" | "APPLE" | "VK";

export interface DemoPerson {
  id: number;
  source: SignInSource;
  /** "phone:+79990001122", "google:anna@example.com", "apple:…", "vk:…" */
  identity: string;
  profile: ProfileDto;
}

export interface DemoOrder {
  id: number;
  number: string;
  status: string;
  createdAt: string;
  /** minor units, delivery included, discounts deducted */
  total: number;
  personId: number;
  restoId: number;
  payload: OrderPayload;
  lines: PreflightAnswer["positions"];
  /** CARD_ONLINE with a return address: the stand-in payment (ADR 099); null for the other methods */
  payment: DemoPayment | null;
}

/** The twin's online payment of one order: the stand-in page (/_demo/pay/<id>) records its outcome here. */
export interface DemoPayment {
  status: "PENDING" | "PAID" | "FAILED";
  /** unguessable part of the payment address: the stand-in answers only with it */
  token: string;
  /** the success screen, where the stand-in brings the customer back */
  returnUrl: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: DemoError };

export interface Authenticated {
  person: DemoPerson;
  token: TokenPayload;
}

/** Phone numbers whose SMS can never be sent (spec §8 "send failure (two variants)"). */
export const DEMO_SMS_FAILING_PHONES = {
  "+79990000001": "sign.sms.send-failed",
  "+79990000002": "sign.sms.send-failed.phone-unreachable",
} as const;

/** A person who already exists, with a name and a delivery entry (spec §3 profile override rule). */
export const DEMO_SEEDED_PHONE = "+79990001122";

export interface DemoStore {
  readonly options: Readonly<Required<Omit<DemoStoreOptions, "fixedSmsCode">>> & { fixedSmsCode: string | null };
  now(): number;
  /**
   * The time the restaurants' hours are read by when an order comes (issue 36 §2: as soon as possible only while
   * open): `now` unless a test set its own (`setHoursClock`: unit tests pin a daytime, so that an order does not
   * depend on the hour the suite runs at). Tokens, SMS codes and the rest keep `now`.
   */
  hoursNow(): number;
  setHoursClock(clock: (() => number) | null): void;
  reset(): void;

  readonly scenario: Readonly<DemoScenario>;
  setScenario(partial: Partial<DemoScenario>): void;
  /** the tests' menu changes (issue 18 §1): positions taken off the menu, prices changed */
  readonly catalogChanges: CatalogChanges;

  requestSmsCode(phone: string): Result<{ phone: string; resendAfterSeconds: number }>;
  /** the code the "SMS" carried, for the demo UI and tests; null when none is pending */
  peekSmsCode(phone: string): string | null;
  /** forgets one phone's SMS code, timer and attempts (tests that share a phone), leaving everyone else alone */
  forgetSms(phone: string): void;
  signInWithPhone(phone: string, code: string): Result<{ person: DemoPerson; tokens: TokenSetDto }>;
  signInExternal(
    source: "GOOGLE" | "APPLE" | "VK",
    subject: string,
    email: string | null,
  ): { person: DemoPerson; tokens: TokenSetDto };

  issueTokens(person: DemoPerson): TokenSetDto;
  /** checks signature, type, that the twin issued it (since the last reset) and the expiry */
  authenticate(token: string | null, typ: TokenType): Result<Authenticated>;
  person(id: number): DemoPerson | undefined;
  personByPhone(phone: string): DemoPerson | undefined;

  addOrder(input: Omit<DemoOrder, "id" | "number" | "status" | "createdAt" | "payment"> & { returnUrl?: string | null }): DemoOrder;
  orders(): DemoOrder[];
  order(id: number): DemoOrder | undefined;
  /** the stand-in's outcome; false when the order, its payment or the token does not match or it is paid already */
  settlePayment(id: number, token: string, status: "PAID" | "FAILED"): boolean;
}

interface SmsState {
  code: string | null;
  expiresAt: number;
  lastRequestAt: number;
  wrongAttempts: number;
  lockedUntil: number;
}

/** "+7 (999) 000-11-22" → "+79990001122"; 8XXXXXXXXXX → +7XXXXXXXXXX; null when it is not a phone. */
export function normalizePhone(phone: string): string | null {
  let digits = phone.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("8")) digits = `7${digits.slice(1)}`;
  if (digits.length < 10 || digits.length > 15) return null;
  return `+${digits}`;
}

const FIRST_PERSON_ID = 1001;
const FIRST_ORDER_ID = 900001;

export function createDemoStore(input: DemoStoreOptions = {}): DemoStore {
  const options = {
    now: input.now ?? (() => Date.now()),
    accessTokenTtlSeconds: input.accessTokenTtlSeconds ?? 5 * 60,
    refreshTokenTtlSeconds: input.refreshTokenTtlSeconds ?? 30 * 24 * 60 * 60,
    smsResendSeconds: input.smsResendSeconds ?? 90,
    smsMaxAttempts: input.smsMaxAttempts ?? 5,
    smsLockSeconds: input.smsLockSeconds ?? 60 * 60,
    smsCodeTtlSeconds: input.smsCodeTtlSeconds ?? 10 * 60,
    fixedSmsCode: input.fixedSmsCode ?? null,
  };
  const now = () => options.now();
  let hoursClock: (() => number) | null = null;

  let scenario: DemoScenario = { ...DEFAULT_SCENARIO };
  const catalogChanges = createCatalogChanges();
  let persons = new Map<number, DemoPerson>();
  let personIdByIdentity = new Map<string, number>();
  let sms = new Map<string, SmsState>();
  let issued = new Set<string>();
  let orders: DemoOrder[] = [];
  let nextPersonId = FIRST_PERSON_ID;
  let nextOrderId = FIRST_ORDER_ID;
  let smsSequence = 0;
  let tokenSequence = 0;

  function createPerson(source: SignInSource, identity: string, profile: Partial<ProfileDto>): DemoPerson {
    const id = nextPersonId++;
    const person: DemoPerson = {
      id,
      source,
      identity,
      profile: {
        id,
        accountIds: [id],
        avatar: null,
        deliveries: [],
        email: null,
        firstName: null,
        lastName: null,
        patronymic: null,
        phone: null,
        ...profile,
      },
    };
    persons.set(id, person);
    personIdByIdentity.set(identity, id);
    return person;
  }

  function findOrCreate(source: SignInSource, identity: string, profile: Partial<ProfileDto>): DemoPerson {
    const id = personIdByIdentity.get(identity);
    const existing = id === undefined ? undefined : persons.get(id);
    return existing ?? createPerson(source, identity, profile);
  }

  function seed() {
    createPerson("PHONE", `phone:${DEMO_SEEDED_PHONE}`, {
      firstName: "Анна",
      lastName: "Демина",
      patronymic: "Сергеевна",
      phone: DEMO_SEEDED_PHONE,
      email: "anna@demo-pizza.example",
      // spec §3: the first delivery entry overrides the profile's email, first name and phone
      deliveries: [{ personName: "Аня", phone: DEMO_SEEDED_PHONE, email: "anna.orders@demo-pizza.example" }],
    });
  }

  function reset() {
    scenario = { ...DEFAULT_SCENARIO };
    catalogChanges.reset();
    persons = new Map();
    personIdByIdentity = new Map();
    sms = new Map();
    issued = new Set();
    orders = [];
    nextPersonId = FIRST_PERSON_ID;
    nextOrderId = FIRST_ORDER_ID;
    smsSequence = 0;
    tokenSequence = 0;
    seed();
  }

  /** 1234 first, then a fixed walk through 1000–9999 (deterministic, never random). */
  function nextSmsCode(): string {
    if (options.fixedSmsCode) return options.fixedSmsCode;
    const code = 1000 + ((234 + smsSequence * 7919) % 9000);
    smsSequence += 1;
    return String(code);
  }

  function token(personId: number, typ: TokenType, ttlSeconds: number): string {
    tokenSequence += 1;
    const iat = Math.floor(now() / 1000);
    const jti = `demo-${typ}-${tokenSequence}`;
    issued.add(jti);
    return encodeToken({ sub: personId, iat, exp: iat + ttlSeconds, typ, jti });
  }

  function issueTokens(person: DemoPerson): TokenSetDto {
    return {
      accessToken: token(person.id, "access", options.accessTokenTtlSeconds),
      refreshToken: token(person.id, "refresh", options.refreshTokenTtlSeconds),
      vkAccessToken: person.source === "VK" ? `demo-vk-access-${tokenSequence}` : null,
    };
  }

  function authenticate(raw: string | null, typ: TokenType): Result<Authenticated> {
    if (!raw) return { ok: false, error: demoError("auth.unauthorized") };
    const payload = decodeToken(raw);
    if (!payload || payload.typ !== typ || !issued.has(payload.jti)) {
      return { ok: false, error: demoError("auth.token-invalid") };
    }
    if (Math.floor(now() / 1000) >= payload.exp) return { ok: false, error: demoError("auth.token-expired") };
    const person = persons.get(payload.sub);
    if (!person) return { ok: false, error: demoError("auth.token-invalid") };
    return { ok: true, value: { person, token: payload } };
  }

  function smsState(phone: string): SmsState | undefined {
    const state = sms.get(phone);
    // a lock that has run out forgets the attempts and the old code (spec §8: retry after an hour)
    if (state && state.lockedUntil && state.lockedUntil <= now()) {
      state.lockedUntil = 0;
      state.wrongAttempts = 0;
      state.code = null;
    }
    return state;
  }

  const locked = (state: SmsState | undefined) => Boolean(state && state.lockedUntil > now());

  function requestSmsCode(rawPhone: string): Result<{ phone: string; resendAfterSeconds: number }> {
    const phone = normalizePhone(rawPhone);
    if (!phone) return { ok: false, error: demoError("sign.phone-invalid") };
    const failure = DEMO_SMS_FAILING_PHONES[phone as keyof typeof DEMO_SMS_FAILING_PHONES];
    if (failure) return { ok: false, error: demoError(failure) };
    const state = smsState(phone);
    if (locked(state)) return { ok: false, error: demoError("sign.sms.attempts-exhausted") };
    // spec §9: one request per 90 s per phone
    const waitMs = state ? state.lastRequestAt + options.smsResendSeconds * 1000 - now() : 0;
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      return {
        ok: false,
        error: demoError("sign.sms.too-frequent", `Повторно запросить код можно через ${seconds} с`),
      };
    }
    sms.set(phone, {
      code: nextSmsCode(),
      expiresAt: now() + options.smsCodeTtlSeconds * 1000,
      lastRequestAt: now(),
      wrongAttempts: 0,
      lockedUntil: 0,
    });
    return { ok: true, value: { phone, resendAfterSeconds: options.smsResendSeconds } };
  }

  function peekSmsCode(rawPhone: string): string | null {
    const phone = normalizePhone(rawPhone);
    const state = phone ? smsState(phone) : undefined;
    if (!state || !state.code || locked(state) || state.expiresAt <= now()) return null;
    return state.code;
  }

  function signInWithPhone(rawPhone: string, code: string): Result<{ person: DemoPerson; tokens: TokenSetDto }> {
    const phone = normalizePhone(rawPhone);
    if (!phone) return { ok: false, error: demoError("sign.phone-invalid") };
    const state = smsState(phone);
    if (locked(state)) return { ok: false, error: demoError("sign.sms.attempts-exhausted") };
    if (!state || !state.code || state.expiresAt <= now()) {
      return { ok: false, error: demoError("sign.sms.code-not-found") };
    }
    if (code.trim() !== state.code) {
      state.wrongAttempts += 1;
      // spec §8/§9: after the last allowed wrong code the number waits an hour
      if (state.wrongAttempts >= options.smsMaxAttempts) {
        state.lockedUntil = now() + options.smsLockSeconds * 1000;
        state.code = null;
        return { ok: false, error: demoError("sign.sms.attempts-exhausted") };
      }
      const left = options.smsMaxAttempts - state.wrongAttempts;
      return { ok: false, error: demoError("sign.sms.code-invalid", `Неверный код из СМС. Осталось попыток: ${left}`) };
    }
    state.code = null; // a code signs in once
    state.wrongAttempts = 0;
    const person = findOrCreate("PHONE", `phone:${phone}`, { phone });
    return { ok: true, value: { person, tokens: issueTokens(person) } };
  }

  function signInExternal(source: "GOOGLE" | "APPLE" | "VK", subject: string, email: string | null) {
    const firstName = email ? (email.split("@")[0] ?? null) : null;
    const person = findOrCreate(source, `${source.toLowerCase()}:${subject}`, { email, firstName });
    return { person, tokens: issueTokens(person) };
  }

  function addOrder({ returnUrl, ...input }: Omit<DemoOrder, "id" | "number" | "status" | "createdAt" | "payment"> & { returnUrl?: string | null }): DemoOrder {
    const id = nextOrderId++;
    const online = input.payload.payType === "CARD_ONLINE" && returnUrl;
    const order: DemoOrder = {
      ...input,
      payment: online ? { status: "PENDING", token: randomBytes(12).toString("base64url"), returnUrl } : null,
      id,
      number: `D-${String(id - FIRST_ORDER_ID + 1).padStart(4, "0")}`,
      status: "NEW",
      createdAt: new Date(now()).toISOString(),
    };
    orders.push(order);
    return order;
  }

  reset();

  return {
    options,
    now,
    hoursNow: () => (hoursClock ?? now)(),
    setHoursClock(clock) {
      hoursClock = clock;
    },
    reset,
    catalogChanges,
    get scenario() {
      return scenario;
    },
    setScenario(partial) {
      scenario = { ...scenario, ...partial };
    },
    requestSmsCode,
    peekSmsCode,
    forgetSms(rawPhone) {
      const phone = normalizePhone(rawPhone);
      if (phone) sms.delete(phone);
    },
    signInWithPhone,
    signInExternal,
    issueTokens,
    authenticate,
    person: (id) => persons.get(id),
    personByPhone(rawPhone) {
      const phone = normalizePhone(rawPhone);
      const id = phone ? personIdByIdentity.get(`phone:${phone}`) : undefined;
      return id === undefined ? undefined : persons.get(id);
    },
    addOrder,
    orders: () => orders.map((order) => ({ ...order, payment: order.payment ? { ...order.payment } : null })),
    order(id) {
      const order = orders.find((o) => o.id === id);
      return order ? { ...order, payment: order.payment ? { ...order.payment } : null } : undefined;
    },
    settlePayment(id, token, status) {
      const payment = orders.find((o) => o.id === id)?.payment;
      if (!payment || payment.token !== token || payment.status === "PAID") return false;
      payment.status = status;
      return true;
    },
  };
}
