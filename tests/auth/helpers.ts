/** Calls the /auth loader and action directly with Requests and a small cookie jar (issue 6 tests). */
import { http, HttpResponse, type HttpHandler } from "msw";
import { afterEach, beforeEach } from "vitest";
import { authAction, authLoader } from "~/features/auth/sign-in.server";
import { honeypotFields, settleAnswer, type Answer } from "../answer";
import type { AuthState, StorefrontState } from "~server/session";
import { contextOf, services, twinOf, type ContextOptions } from "../context";
import { loadConfig, type Config } from "~server/config";
import { createServices } from "~server/create-services";
import type { Services } from "~server/services";

export const ORIGIN = "http://localhost";

export class Jar {
  private cookies = new Map<string, string>();
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  take(headers: Headers | undefined) {
    if (!headers) return;
    for (const line of headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  has(prefix: string) {
    return [...this.cookies.keys()].some((k) => k.includes(prefix));
  }
}

export type { Answer };

/** settleAnswer, keeping the cookies the answer set in the jar */
export async function settle(run: () => Promise<unknown>, jar?: Jar): Promise<Answer> {
  const answer = await settleAnswer(run);
  jar?.take(answer.headers);
  return answer;
}

export function request(path: string, jar: Jar, init: { form?: Record<string, string>; language?: string } = {}) {
  const headers = new Headers({ cookie: jar.header(), "accept-language": init.language ?? "ru" });
  if (init.form) headers.set("content-type", "application/x-www-form-urlencoded");
  return new Request(`${ORIGIN}${path}`, {
    method: init.form ? "POST" : "GET",
    headers,
    body: init.form ? new URLSearchParams(init.form).toString() : undefined,
  });
}

export const post = (jar: Jar, form: Record<string, string>, language?: string, options?: ContextOptions) =>
  settle(async () => authAction(await contextOf(request("/auth", jar, { form: { ...honeypotFields(), ...form }, language }), options)), jar);
export const get = (jar: Jar, path = "/auth", options?: ContextOptions) =>
  settle(async () => authLoader(await contextOf(request(path, jar), options)), jar);

/** Services of this test file's environment with a brand changed before they are made (what a brand file would say). */
export function servicesWithBrand(change: (brand: Config["brand"]) => void): Services {
  const config = loadConfig(process.env);
  change(config.brand);
  return createServices(config);
}

export function twin() {
  return twinOf();
}

/** Prepends msw handlers to the twin (removed by the returned function). */
export function useHandlers(...handlers: HttpHandler[]) {
  const list = twin().handlers;
  list.unshift(...handlers);
  return () => {
    list.splice(0, handlers.length);
  };
}

export const upstreamError = (path: string, status: number, code: string, message: string) =>
  http.post(`${twin().baseUrl}${path}`, () => HttpResponse.json({ errors: [{ code, message }] }, { status }));

/** Writes state into the jar's cookies, the way an earlier response would have. */
export async function seed(jar: Jar, state: { auth?: AuthState; storefront?: Partial<StorefrontState> }) {
  const { session } = await contextOf(request("/", jar));
  if (state.auth) await session.set("auth", state.auth);
  if (state.storefront) Object.assign(await session.get("storefront"), state.storefront);
  jar.take(await session.commitHeaders());
}

/** The person a request with the jar's cookies is signed in as (null when signed out). */
export async function personOf(jar: Jar) {
  return (await contextOf(request("/", jar))).person.get();
}

export async function readState(jar: Jar) {
  const { session } = await contextOf(request("/", jar));
  return { auth: await session.get("auth"), storefront: await session.get("storefront") };
}

/** A JWT-shaped token with this exp (seconds); not signed by the twin. */
export function fakeJwt(exp: number) {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${part({ alg: "HS256", typ: "JWT" })}.${part({ sub: 1, exp, typ: "refresh", jti: "fake" })}.sig`;
}

let counter = 0;
export function freshPhone() {
  counter += 1;
  return `+7901${String(Date.now() % 100000).padStart(5, "0")}${String(counter).padStart(2, "0")}`;
}

/**
 * Each test of the file starts with the twin's store and the rate limits reset; handlers a test prepends with
 * `slot.restore = useHandlers(…)` are removed after it.
 */
export function freshTwinEachTest(): { restore: (() => void) | null } {
  const slot: { restore: (() => void) | null } = { restore: null };
  beforeEach(async () => {
    twin().store.reset();
    await services().rateLimits.reset();
  });
  afterEach(() => {
    slot.restore?.();
    slot.restore = null;
  });
  return slot;
}
