/**
 * The storefront's services, made once at start by `createServices` (server/create-services.ts, ADR 137) and
 * handed to every request through the load context (server/context.ts): configuration and brand, the upstream client and its
 * catalog cache, geocoding, Redis with its in-process fallbacks, rate limits, the order ledger, the revocation
 * list, the cookie stores, the locale detector, the document cache, the logger — and in demo mode the upstream
 * twin with its stand-ins. Nothing here is process-global: a test builds its own services and throws them away.
 *
 * Only the shapes live here: screens depend on them without depending on what makes them (in demo mode, the twin).
 */
import type { DocumentCache } from "./document-cache";
import type { LocaleDetector } from "~/i18n/locale.server";
import type { RateLimits } from "./auth/rate-limit";
import type { RevocationStore } from "./auth/revocation";
import type { Vk } from "./auth/vk";
import type { Config } from "./config";
import type { Geo } from "./geo";
import type { Honeypot } from "./honeypot";
import type { Logger } from "./log";
import type { OrderLedger } from "./orders/ledger";
import type { SharedRedis } from "./redis/shared";
import type { RequestSession, SessionStores } from "./session";
import type { Upstream } from "./upstream";

export interface Services {
  config: Config;
  log: Logger;
  upstream: Upstream;
  /** geocoding and address suggestions (Google, server key); the twin answers in demo mode */
  geo: Geo;
  vk: Vk;
  /** null without REDIS_URL: everything stays in process */
  redis: SharedRedis | null;
  sessions: SessionStores;
  rateLimits: RateLimits;
  /** one order per checkout form, whatever fails (ADR 145) */
  orders: OrderLedger;
  revocations: RevocationStore;
  honeypot: Honeypot;
  locales: LocaleDetector;
  documentCache: DocumentCache;
  /** demo mode only: the twin and the stand-ins for third parties' pages and the test controls (ADR 138) */
  demo: DemoStandIns | null;
  startedAt: Date;
  version: string;
  /** disconnects Redis (shutdown, tests) */
  close(): Promise<void>;
}

export interface DemoPaymentView {
  number: string;
  total: number;
  currency: string;
  paid: boolean;
  token: string;
  /** the success screen the payment returns to, as a path on this site */
  backTo: string;
}

/** Demo mode's additions (ADR 138): stand-ins for third parties' pages and the test controls (server/demo/stand-ins.ts). */
export interface DemoStandIns {
  /** the code the twin's "SMS" carried, shown on the sign-in page in demo mode only */
  smsCode(phone: string): string | null;
  /** the captcha provider's script stand-in (ADR 095) */
  captchaScript(): Response;
  /** the payment page of a CARD_ONLINE order; null for an unknown order or a wrong token (ADR 099) */
  payment(rawId: string, token: string | null): DemoPaymentView | null;
  /** records the payment's outcome in the twin; where the provider sends the customer back, or null as above */
  settlePayment(rawId: string, token: string, outcome: "paid" | "failed"): string | null;
  /** the test controls (`/_demo/*`), or null unless DEMO_CONTROLS=1 */
  controls: DemoControls | null;
}

export interface DemoControls {
  /** GET /_demo/<what>: a JSON answer, or null for an unknown control */
  read(what: string, url: URL): Response | null;
  /** POST /_demo/<what> with a JSON body: a JSON answer, or null for an unknown control */
  act(what: string, request: Request, session: RequestSession): Promise<Response | null>;
}
