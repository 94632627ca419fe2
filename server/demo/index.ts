/**
 * The upstream twin (DESIGN.md "The demo brand"): msw handlers over an in-memory store and the demo
 * brand's data, plus a `fetch` that answers from them without touching globals.
 */
import type { HttpHandler } from "msw";
import { createDemoFetch } from "./fetch";
import { createDemoHandlers, type DemoTwinOptions } from "./handlers";
import { createDemoStore, type DemoStore, type DemoStoreOptions } from "./store";

export const DEMO_BASE_URL = "http://demo.upstream.local";

export interface DemoUpstream {
  baseUrl: string;
  store: DemoStore;
  handlers: HttpHandler[];
  fetch: typeof fetch;
}

export function createDemoUpstream(baseUrl = DEMO_BASE_URL, options?: DemoStoreOptions, twin?: DemoTwinOptions): DemoUpstream {
  const store = createDemoStore(options);
  const handlers = createDemoHandlers(baseUrl, store, twin);
  return { baseUrl, store, handlers, fetch: createDemoFetch(handlers) };
}

export { createDemoFetch } from "./fetch";
export type { DemoTwinOptions } from "./handlers";
export { createDemoHandlers, DEMO_CAPTCHA_TOKEN_PREFIX, DEMO_EXTERNAL_TOKEN_PREFIX, DEMO_VK_CODE_PREFIX } from "./handlers";
export { createDemoStore, DEMO_SEEDED_PHONE, DEMO_SMS_FAILING_PHONES, normalizePhone } from "./store";
export type { DemoOrder, DemoPerson, DemoStore, DemoStoreOptions } from "./store";
export type { DemoScenario } from "./scenario";
export { DEMO_PROMO_CODES } from "./promo";
export { DEMO_DELIVERY_LINE_ID } from "./preflight";
export { DEMO_ERROR_CODES, PROMO_ERROR_CODES, RESTO_PAY_ERROR_CODES } from "./errors";
export * from "./data";
export { armOrderError, disarmOrderErrors, takeOrderError } from "./armed-errors";
