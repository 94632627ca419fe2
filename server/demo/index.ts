/**
 * The upstream twin (DESIGN.md "The demo brand"): msw handlers over an in-memory store and the demo
 * brand's data, plus a `fetch` that answers from them without touching globals.
 */
import type { HttpHandler } from "msw";
import { createDemoFetch } from "./fetch";
import { createDemoHandlers } from "./handlers";
import { createDemoStore, type DemoStore, type DemoStoreOptions } from "./store";

export const DEMO_BASE_URL = "http://demo.upstream.local";

export interface DemoUpstream {
  baseUrl: string;
  store: DemoStore;
  handlers: HttpHandler[];
  fetch: typeof fetch;
}

export function createDemoUpstream(baseUrl = DEMO_BASE_URL, options?: DemoStoreOptions): DemoUpstream {
  const store = createDemoStore(options);
  const handlers = createDemoHandlers(baseUrl, store);
  return { baseUrl, store, handlers, fetch: createDemoFetch(handlers) };
}

export { createDemoFetch } from "./fetch";
export { createDemoHandlers, DEMO_EXTERNAL_TOKEN_PREFIX, DEMO_VK_CODE_PREFIX } from "./handlers";
export { createDemoStore, DEMO_SEEDED_PHONE, DEMO_SMS_FAILING_PHONES, normalizePhone } from "./store";
export type { DemoOrder, DemoPerson, DemoStore, DemoStoreOptions } from "./store";
export type { DemoScenario } from "./scenario";
export { DEMO_PROMO_CODES } from "./promo";
export { DEMO_DELIVERY_LINE_ID } from "./preflight";
export { DEMO_ERROR_CODES, PROMO_ERROR_CODES, RESTO_PAY_ERROR_CODES } from "./errors";
export * from "./data";
