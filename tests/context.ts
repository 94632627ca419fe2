/**
 * What unit tests call loaders, actions and features with (ADR 137): their own services, made from the test
 * file's environment (process.env as the file set it before its first call) and thrown away with the file, and a
 * request's context made the way the root route's middleware makes it. No test resets a global.
 */
import { loadConfig } from "~server/config";
import { createLoadContext, createRequestContext, requestContext, type RequestContext } from "~server/context";
import { createServices, type ServiceOverrides } from "~server/create-services";
import type { DemoUpstream } from "~server/demo";
import type { Services } from "~server/services";

let shared: Services | undefined;

/** This test file's services, made from process.env at first use. */
export function services(): Services {
  return (shared ??= withDaytimeTwin(createServices(loadConfig(process.env))));
}

/** Services of another environment (process.env with these values on top), for tests that compare set-ups. */
export function servicesWith(env: Record<string, string | undefined>, overrides?: ServiceOverrides): Services {
  return withDaytimeTwin(createServices(loadConfig({ ...process.env, ...env }), overrides));
}

const WEEK = 7 * 24 * 3_600_000;
/** Wednesday 2026-01-07 12:00 in Moscow */
const WEDNESDAY_NOON_MSK = Date.UTC(2026, 0, 7, 9);

/**
 * The twin refuses an order 'as soon as possible' while its restaurant is closed (issue 36 §2), so a test that
 * orders would depend on the hour the suite runs at. The twin of the tests' services reads its restaurants' hours at
 * a Wednesday noon in Moscow (when every demo restaurant but the day-off one and Samara's Sunday is open), running on
 * from there; its other clocks (tokens, SMS codes) stay the real one. Tests of the hours set their own
 * (`twinOf(s).store.setHoursClock`).
 */
function withDaytimeTwin(s: Services): Services {
  const twin = (s.demo as { twin?: DemoUpstream } | null)?.twin;
  if (twin) atDaytime(twin.store);
  return s;
}

/** A twin's store reads its restaurants' hours at a Wednesday noon in Moscow, running on from there (see above). */
export function atDaytime(store: Pick<DemoUpstream["store"], "setHoursClock">) {
  const started = Date.now();
  const pinned = WEDNESDAY_NOON_MSK + Math.floor((started - WEDNESDAY_NOON_MSK) / WEEK) * WEEK;
  store.setHoursClock(() => pinned + (Date.now() - started));
}

/** The twin of demo-mode services (its store: SMS codes, orders, scenarios); the stand-ins keep it for tests. */
export function twinOf(s: Services = services()): DemoUpstream {
  const twin = (s.demo as { twin?: DemoUpstream } | null)?.twin;
  if (!twin) throw new Error("these services do not run in demo mode");
  return twin;
}

export interface ContextOptions {
  services?: Services;
  /** what Express would have taken as the client's address */
  clientAddress?: string;
}

/** The request's context, as the root middleware makes it for every loader and action of the request. */
export function contextOf(request: Request, options: ContextOptions = {}): Promise<RequestContext> {
  return createRequestContext(options.services ?? services(), request, new URL(request.url), { clientAddress: options.clientAddress });
}

/**
 * A returning customer's cookie (the demo brand's default: Moscow, takeaway at 173): a first visit opens the location
 * popup before any page (ADR 090).
 */
export async function returningCustomerCookie(): Promise<string> {
  const { session } = await contextOf(new Request("http://localhost/"));
  Object.assign(await session.get("storefront"), { city_id: 115, resto_id: 173, order_delivery_method: "TAKE_AWAY" });
  return (await session.commitHeaders()).getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

/** The arguments React Router hands a route's loader or action, with the request's context already in place. */
export async function routeArgs<P extends Record<string, string | undefined> = Record<string, string>>(
  request: Request,
  params: P = {} as P,
  options: ContextOptions = {},
) {
  const s = options.services ?? services();
  const context = createLoadContext(s, { clientAddress: options.clientAddress });
  context.set(requestContext, await createRequestContext(s, request, new URL(request.url), { clientAddress: options.clientAddress }));
  return { request, params, context, url: new URL(request.url), pattern: new URL(request.url).pathname };
}
