/** Calls the /auth loader and action directly with Requests and a small cookie jar (issue 6 tests). */
import { http, HttpResponse, type HttpHandler } from "msw";
import { authAction, authLoader } from "~/features/auth/sign-in.server";
import { getContext } from "~server/context";
import { honeypotFields, settleAnswer, type Answer } from "../answer";
import { commitHeaders, getState, setState, type AuthState, type StorefrontState } from "~server/session";

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

export const post = (jar: Jar, form: Record<string, string>, language?: string) =>
  settle(() => authAction(request("/auth", jar, { form: { ...honeypotFields(), ...form }, language })), jar);
export const get = (jar: Jar, path = "/auth") => settle(() => authLoader(request(path, jar)), jar);

export function twin() {
  const demo = getContext().demo;
  if (!demo) throw new Error("tests run in demo mode");
  return demo;
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
  const req = request("/", jar);
  if (state.auth) await setState(req, "auth", state.auth);
  if (state.storefront) Object.assign(await getState(req, "storefront"), state.storefront);
  jar.take(await commitHeaders(req));
}

export async function readState(jar: Jar) {
  const req = request("/", jar);
  return { auth: await getState(req, "auth"), storefront: await getState(req, "storefront") };
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
