/**
 * One context per request (ADR 137). `server.mjs` hands every request a load context holding the services (made
 * once at start) and what only it knows of the client (its address, the request id); the root route's middleware
 * (`requestMiddleware`) then builds the request's own context — its cookies (read once, committed once), its
 * locale and translator, its signed-in person — and puts it where every loader and action of the request reads
 * it: `requestContextOf(context)`. Features take that `RequestContext`; nothing reads a process-wide holder.
 *
 * In demo mode the services carry the upstream twin and its stand-ins; nothing else chooses between them.
 */
import { createContext, RouterContextProvider, type MiddlewareFunction } from "react-router";
import { translatorFor } from "~/i18n/locale.server";
import type { AppLocale } from "~/i18n/i18n";
import type { Translator } from "~/i18n/translator";
import { getClientAddress } from "./auth/client-address";
import { createPersonSlot, type PersonSlot } from "./auth/person";
import type { Config } from "./config";
import type { Services } from "./services";
import { CookieTooLargeError, createRequestSession, type RequestSession } from "./session";

/** What server.mjs knows of a request that the Request does not say. */
export interface ClientInfo {
  /** Express's `req.ip` (socket address, or the X-Forwarded-For entry of the first untrusted hop) */
  clientAddress?: string;
}

export interface RequestContext {
  readonly request: Request;
  /** the page's URL (React Router's normalised one: no `.data` suffix, no `_routes`) */
  readonly url: URL;
  readonly services: Services;
  /** `services.config` */
  readonly config: Config;
  /** the rate limits' view of the client: a valid IP address, or "unknown" (server/auth/client-address.ts) */
  readonly clientAddress: string;
  readonly session: RequestSession;
  readonly locale: AppLocale;
  readonly t: Translator["t"];
  readonly person: PersonSlot;
}

export const servicesContext = createContext<Services>();
export const clientContext = createContext<ClientInfo>({});
export const requestContext = createContext<RequestContext>();

/** The load context of one request, as server.mjs (or a test) hands it to React Router's request handler. */
export function createLoadContext(services: Services, client: ClientInfo = {}): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(servicesContext, services);
  provider.set(clientContext, client);
  return provider;
}

/** The request's context, built once by `requestMiddleware` before any loader or action runs. */
export function requestContextOf(context: Readonly<RouterContextProvider>): RequestContext {
  return context.get(requestContext);
}

export async function createRequestContext(services: Services, request: Request, url: URL, client: ClientInfo = {}): Promise<RequestContext> {
  const session = createRequestSession(services.sessions, services.config.brand, request.headers.get("Cookie"));
  const locale = await services.locales.detect(request, (await session.get("prefs")).app_locale);
  return {
    request,
    url,
    services,
    config: services.config,
    clientAddress: getClientAddress(client),
    session,
    locale,
    t: translatorFor(locale),
    person: createPersonSlot({ session, upstream: services.upstream, revocations: services.revocations, vk: services.vk }),
  };
}

/**
 * The root route's middleware: builds the request's context, runs the loaders or the action, then commits what
 * they changed of the cookies and did not commit themselves (an action commits before it answers, to tell the
 * customer when a cookie would be too large; a loader that refreshed a token or dropped another brand's state
 * leaves it to this).
 */
export const requestMiddleware: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
  const services = context.get(servicesContext);
  const rc = await createRequestContext(services, request, url, context.get(clientContext));
  context.set(requestContext, rc);
  return withRestCommitted(rc, await next());
};

async function withRestCommitted(rc: RequestContext, response: Response): Promise<Response> {
  let cookies: string[];
  try {
    cookies = (await rc.session.commitHeaders()).getSetCookie();
  } catch (error) {
    if (!(error instanceof CookieTooLargeError)) throw error;
    // the previous cookie stays in the browser; the page itself was answered
    rc.services.log("warn", "cookie not updated: it would be too large", { cookie: error.cookieName, bytes: error.bytes });
    return response;
  }
  if (cookies.length === 0) return response;
  let answer = response;
  try {
    for (const cookie of cookies) answer.headers.append("Set-Cookie", cookie);
  } catch {
    // a response with immutable headers (one made by fetch): the same answer with headers of its own
    answer = new Response(response.body, response);
    for (const cookie of cookies) answer.headers.append("Set-Cookie", cookie);
  }
  return answer;
}
