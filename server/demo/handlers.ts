/**
 * msw handlers of the upstream twin: every call of spec §7 with the answer shapes of
 * server/upstream/schemas.ts and `{ errors: [{ code, message }] }` bodies, plus the Google geocoding /
 * places and VK ID calls for the demo addresses and the demo VK stand-in.
 */
import { delay, http, HttpResponse, type HttpHandler } from "msw";
import { z } from "zod";
import { orderPayloadSchema, preflightPayloadSchema, type City, type Order, type TokenSetDto } from "~/lib/model";
import {
  DEMO_CITIES,
  DEMO_EMPTY_WHITE_LABEL,
  allDemoRestos,
  findCity,
  findDemoResto,
  findMenu,
  modifiersOfResto,
  promotionsOfResto,
  restoSummary,
  timeSlotsOfResto,
  workingHoursOfResto,
  zonesOfResto,
} from "./data";
import {
  driftedCities,
  driftedGroups,
  driftedModifiers,
  driftedPositions,
  driftedPromotions,
  driftedResto,
  driftedRestoSummaries,
  driftedTimeSlots,
  driftedWorkingHours,
  driftedZones,
} from "./drifted";
import { demoError, errorResponse, type DemoError } from "./errors";
import { takeOrderError } from "./armed-errors";
import {
  placeById,
  reverseGeocode,
  searchAddresses,
  toAutocompleteSuggestion,
  toGeocodingResult,
  toPlaceDetails,
} from "./geocoder";
import { runPreflight } from "./preflight";
import type { DemoOrder, DemoPerson, DemoStore } from "./store";
import type { DemoScenario } from "./scenario";

export const GOOGLE_PLACES_BASE = "https://places.googleapis.com/v1";
export const GOOGLE_GEOCODE_URL = "https://maps.googleapis.com/maps/api/geocode/json";
export const VK_ID_BASE = "https://id.vk.com";

/** External identity tokens the twin accepts in x-external-id-token: "demo-google:<email>", "demo-apple:<email>". */
export const DEMO_EXTERNAL_TOKEN_PREFIX = { GOOGLE: "demo-google:", APPLE: "demo-apple:" } as const;
/** VK ID authorization codes the twin accepts: "demo-vk-code:<anything>". */
export const DEMO_VK_CODE_PREFIX = "demo-vk-code:";

type Params = Record<string, string | readonly string[] | undefined>;
type Resolve = (info: { request: Request; params: Params }) => Response | Promise<Response>;
type Kind = "catalog" | "other";

const json = (body: unknown, status = 200) => HttpResponse.json(body as never, { status });

/** Scenario control (scenario.ts): catalog calls always, the others when scope is "all". */
async function scenarioResponse(store: DemoStore, kind: Kind): Promise<Response | null> {
  const scenario = store.scenario;
  if (kind === "other" && scenario.scope !== "all") return null;
  if (scenario.latencyMs > 0) await delay(scenario.latencyMs);
  if (scenario.down) return HttpResponse.error();
  if (scenario.failStatus !== null) {
    return errorResponse({ ...demoError("demo.scenario-failure"), status: scenario.failStatus });
  }
  if (scenario.malformed) {
    return new HttpResponse('{"errors": [ this is not JSON', { status: 200, headers: { "content-type": "application/json" } });
  }
  return null;
}

function guarded(store: DemoStore, kind: Kind, resolve: Resolve): Resolve {
  return async (info) => (await scenarioResponse(store, kind)) ?? resolve(info);
}

function intParam(params: Params, name: string): number | null {
  const raw = params[name];
  const value = typeof raw === "string" && /^\d+$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(value) ? value : null;
}

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function validationError(error: z.ZodError): DemoError {
  const details = error.issues.map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`).join("; ");
  return demoError("validation.failed", `Некорректный запрос: ${details}`);
}

/** A JSON body parsed with a schema; an error response when it is not JSON or does not fit. */
async function parseBody<T extends z.ZodTypeAny>(
  request: Request,
  schema: T,
): Promise<{ data: z.infer<T> } | { response: Response }> {
  const body = await readJson(request);
  if (body === undefined) return { response: errorResponse(demoError("validation.failed", "Тело запроса — не JSON")) };
  const parsed = schema.safeParse(body);
  return parsed.success ? { data: parsed.data as z.infer<T> } : { response: errorResponse(validationError(parsed.error)) };
}

function bearer(request: Request): string | null {
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.get("authorization") ?? "");
  return match?.[1]?.trim() || null;
}

/** The signed-in person of an access token, who must be the person of the path (when it names one). */
function authorize(store: DemoStore, request: Request, params: Params): { person: DemoPerson } | { response: Response } {
  const auth = store.authenticate(bearer(request), "access");
  if (!auth.ok) return { response: errorResponse(auth.error) };
  if (params.personId !== undefined && intParam(params, "personId") !== auth.value.person.id) {
    return { response: errorResponse(demoError("auth.forbidden")) };
  }
  return { person: auth.value.person };
}

// ─── catalog ────────────────────────────────────────────────────────────────────────────────────

function catalogHandlers(api: string, store: DemoStore): HttpHandler[] {
  const get = (path: string, resolve: Resolve) => http.get(`${api}${path}`, guarded(store, "catalog", resolve));
  /** issue 19: the answer as it is, or with drifted records added (drifted.ts) while the scenario holds drift */
  const drift = <T, D>(value: T, drifted: (value: T) => D): T | D => (store.scenario.driftHolders > 0 ? drifted(value) : value);
  const emptyBrand = (request: Request) => new URL(request.url).searchParams.get("whiteLabel") === DEMO_EMPTY_WHITE_LABEL;
  /** resto-scoped list calls: 404 for an unknown resto */
  const perResto = <T>(path: string, list: (restoId: number) => T, drifted: (list: T, restoId: number) => unknown) =>
    get(`/1/restos/:restoId/${path}`, ({ params }) => {
      const restoId = intParam(params, "restoId");
      if (restoId === null || !findDemoResto(restoId)) return errorResponse(demoError("resto.not-found"));
      return json(drift(list(restoId), (value) => drifted(value, restoId)));
    });
  const perMenu = (path: string, list: (menuId: number, url: URL) => unknown) =>
    get(`/1/p/menus/:menuId/${path}`, ({ request, params }) => {
      const menuId = intParam(params, "menuId");
      if (menuId === null || !findMenu(menuId)) return errorResponse(demoError("menu.not-found"));
      return json(list(menuId, new URL(request.url)));
    });

  return [
    get("/1/now", () => json({ utc_time: new Date(store.now()).toISOString() })),

    get("/1/p/cities", ({ request }) => json(emptyBrand(request) ? [] : drift(DEMO_CITIES satisfies readonly City[], driftedCities))),

    get("/1/p/cities/:cityId", ({ params }) => {
      const cityId = intParam(params, "cityId");
      const city = cityId === null ? undefined : findCity(cityId);
      return city ? json(city) : errorResponse(demoError("city.not-found"));
    }),

    get("/1/p/restos", ({ request }) => {
      if (emptyBrand(request)) return json([]);
      const cityParam = new URL(request.url).searchParams.get("cityId");
      const cityId = cityParam === null ? null : Number(cityParam);
      const restos = allDemoRestos().filter((entry) => cityId === null || entry.cityId === cityId);
      return json(drift(restos.map(restoSummary), driftedRestoSummaries));
    }),

    get("/1/p/restos/:restoId", ({ params }) => {
      const restoId = intParam(params, "restoId");
      const entry = restoId === null ? undefined : findDemoResto(restoId);
      return entry ? json(drift(entry.resto, driftedResto)) : errorResponse(demoError("resto.not-found"));
    }),

    // spec §7/§9: zones come as a page, size 100
    get("/1/restos/:restoId/deliveries", ({ request, params }) => {
      const restoId = intParam(params, "restoId");
      if (restoId === null || !findDemoResto(restoId)) return errorResponse(demoError("resto.not-found"));
      const query = new URL(request.url).searchParams;
      const size = Math.max(1, Number(query.get("size") ?? 20) || 20);
      const page = Math.max(0, Number(query.get("page") ?? 0) || 0);
      const zones: unknown[] = drift(zonesOfResto(restoId), driftedZones);
      return json({ content: zones.slice(page * size, (page + 1) * size), totalElements: zones.length });
    }),

    perResto("positions/modifiers", modifiersOfResto, (list, restoId) => driftedModifiers(restoId, list)),
    perResto("position-time-slots", timeSlotsOfResto, driftedTimeSlots),
    perResto("working-hours", workingHoursOfResto, driftedWorkingHours),
    perResto("promotions", promotionsOfResto, driftedPromotions),

    perMenu("position-groups", (menuId) => drift(findMenu(menuId)?.groups ?? [], (groups) => driftedGroups(menuId, groups))),
    perMenu("positions", (menuId, url) => {
      const positions = drift(store.catalogChanges.positions(findMenu(menuId)?.positions ?? []), (list) => driftedPositions(menuId, list)) as Array<{
        positionGroup?: { id?: unknown } | null;
      }>;
      const groupId = url.searchParams.get("positionGroupId");
      return groupId === null ? positions : positions.filter((p) => String(p.positionGroup?.id) === groupId);
    }),
  ];
}

// ─── preflight and orders ───────────────────────────────────────────────────────────────────────

function orderHandlers(api: string, store: DemoStore): HttpHandler[] {
  const post = (path: string, resolve: Resolve) => http.post(`${api}${path}`, guarded(store, "other", resolve));
  /** what a scenario's order fault answers (ADR 145): after its delay, a dropped connection or an error; null: none */
  const faultAnswer = async (fault: NonNullable<DemoScenario["afterCommit"]>) => {
    if (fault.delayMs > 0) await delay(fault.delayMs);
    if (fault.drop) return HttpResponse.error();
    if (fault.status) return errorResponse({ ...demoError("demo.scenario-failure"), status: fault.status });
    return null;
  };

  const preflight: Resolve = async ({ request }) => {
    const body = await parseBody(request, preflightPayloadSchema);
    if ("response" in body) return body.response;
    const result = runPreflight(body.data, { forOrder: false, now: store.now(), changes: store.catalogChanges });
    return result.ok ? json(result.value.answer) : errorResponse(result.error);
  };

  return [
    // anonymous preflight (spec §6)
    post("/1/persons/orders/preflight", preflight),

    // personal preflight: bearer access token of the person in the path
    post("/1/persons/:personId/orders/preflight", async (info) => {
      const auth = authorize(store, info.request, info.params);
      return "response" in auth ? auth.response : preflight(info);
    }),

    // order submission: one order per POST (idempotency is the BFF's job)
    post("/api/v1/persons/:personId/orders", async ({ request, params }) => {
      const auth = authorize(store, request, params);
      if ("response" in auth) return auth.response;
      const body = await parseBody(request, orderPayloadSchema);
      if ("response" in body) return body.response;
      // a refusal a test armed for this person (armed-errors.ts, ADR 097)
      const armed = takeOrderError(store, auth.person.id);
      if (armed) return errorResponse(armed);
      const result = runPreflight(body.data, { forOrder: true, now: store.hoursNow(), changes: store.catalogChanges });
      if (!result.ok) return errorResponse(result.error);
      // ADR 145: the upstream fails BEFORE committing (`commit: false`): the same kind of answer, and no order — the
      // BFF cannot tell this from a failure after the commit
      const early = store.scenario.afterCommit;
      if (early && early.commit === false) return (await faultAnswer(early)) ?? errorResponse({ ...demoError("demo.scenario-failure"), status: 503 });
      const order = store.addOrder({
        personId: auth.person.id,
        restoId: body.data.restoId,
        payload: body.data,
        lines: result.value.answer.positions,
        total: result.value.total,
        returnUrl: demoReturnUrl(body.data.returnUrl),
      });
      // ADR 145: the order exists now, whatever happens to its answer
      const fault = store.scenario.afterCommit;
      return (fault && (await faultAnswer(fault))) ?? json(orderAnswer(order));
    }),

    // ADR 145: the orders a person placed with a checkout key (the key was sent as `clientOrderKey`)
    http.get(`${api}/api/v1/persons/:personId/orders`, guarded(store, "other", async ({ request, params }) => {
      const auth = authorize(store, request, params);
      if ("response" in auth) return auth.response;
      const key = new URL(request.url).searchParams.get("clientOrderKey");
      if (!key) return errorResponse(demoError("validation.failed", "clientOrderKey is required"));
      const found = store.orders().filter((o) => o.personId === auth.person.id && o.payload.clientOrderKey === key);
      return json(found.map(orderAnswer));
    })),

    // the order as it is now, for its payment status (ADR 099; not in the spec's table)
    http.get(`${api}/api/v1/persons/:personId/orders/:orderId`, guarded(store, "other", async ({ request, params }) => {
      const auth = authorize(store, request, params);
      if ("response" in auth) return auth.response;
      const order = store.order(intParam(params, "orderId") ?? -1);
      if (!order || order.personId !== auth.person.id) return errorResponse(demoError("order.not-found"));
      return json(orderAnswer(order));
    })),
  ];
}

/**
 * The order answer, with the online payment's fields (ADR 099): the stand-in page's address on the site that
 * asked (the origin of its return address) while the payment is not made, and the payment's status.
 */
function orderAnswer(order: DemoOrder): Order {
  const payment = order.payment;
  let paymentUrl: string | null = null;
  if (payment && payment.status !== "PAID") {
    const url = new URL(`/_demo/pay/${order.id}`, payment.returnUrl);
    url.searchParams.set("token", payment.token);
    paymentUrl = url.href;
  }
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    createdAt: order.createdAt,
    total: order.total,
    paymentUrl,
    paymentStatus: payment?.status ?? null,
    // the twin promises no time of its own: the storefront estimates it (ADR 190)
    expectedAt: null,
  };
}

/** A return address the twin accepts: an http(s) URL of a success screen (/checkout/<key>), else none. */
function demoReturnUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return (url.protocol === "http:" || url.protocol === "https:") && /^\/checkout\/[^/]+$/.test(url.pathname) ? url.href : null;
  } catch {
    return null;
  }
}

// ─── sign-in and profile ────────────────────────────────────────────────────────────────────────

const phoneCodeBodySchema = z.object({
  apiKey: z.string().min(1),
  captchaToken: z.string().nullable(),
  mode: z.literal("WEB"),
  phone: z.string().min(1),
  whiteLabel: z.string().min(1),
});

const phoneSignInBodySchema = z.object({
  apiKey: z.string().min(1),
  captchaToken: z.string().nullable(),
  code: z.string().min(1),
  phone: z.string().min(1),
});

const vkSignInBodySchema = z.object({
  apiKey: z.string().min(1),
  code: z.string().min(1),
  // spec §5: a verifier is 43–128 letters, digits, _ and -
  codeVerifier: z.string().regex(/^[A-Za-z0-9_-]{43,128}$/, "codeVerifier: 43–128 символов A–Z, a–z, 0–9, _ и -"),
  deviceId: z.string().min(1),
  redirectUri: z.string().min(1),
  state: z.string().min(1),
});

/** A stable numeric VK user id from the text of a demo code. */
export function demoVkUserId(code: string): number {
  let hash = 2166136261;
  for (const char of code.slice(DEMO_VK_CODE_PREFIX.length)) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return 100000 + (hash % 900000);
}

function authHandlers(api: string, store: DemoStore, options: DemoTwinOptions): HttpHandler[] {
  const post = (path: string, resolve: Resolve) => http.post(`${api}${path}`, guarded(store, "other", resolve));
  const tokens = (set: TokenSetDto) => json(set);

  const external =
    (source: "GOOGLE" | "APPLE"): Resolve =>
    ({ request }) => {
      const raw = request.headers.get("x-external-id-token") ?? "";
      const prefix = DEMO_EXTERNAL_TOKEN_PREFIX[source];
      const email = raw.startsWith(prefix) ? raw.slice(prefix.length).trim() : "";
      if (!email) return errorResponse(demoError("sign.external-token-invalid"));
      return tokens(store.signInExternal(source, email, email).tokens);
    };

  return [
    post("/api/v1/sign/in/phone/code", async ({ request }) => {
      const body = await parseBody(request, phoneCodeBodySchema);
      if ("response" in body) return body.response;
      // as the real upstream does for a brand with a captcha: no SMS without a token the captcha issued
      const token = body.data.captchaToken ?? "";
      if (options.captchaRequired?.() && !(token.startsWith(DEMO_CAPTCHA_TOKEN_PREFIX) && token.length > DEMO_CAPTCHA_TOKEN_PREFIX.length)) {
        return errorResponse(demoError("sign.captcha-invalid"));
      }
      const sent = store.requestSmsCode(body.data.phone);
      return sent.ok ? json(sent.value) : errorResponse(sent.error);
    }),

    post("/api/v1/sign/in/phone", async ({ request }) => {
      const body = await parseBody(request, phoneSignInBodySchema);
      if ("response" in body) return body.response;
      const signed = store.signInWithPhone(body.data.phone, body.data.code);
      return signed.ok ? tokens(signed.value.tokens) : errorResponse(signed.error);
    }),

    post("/api/v1/sign/in/google", external("GOOGLE")),
    post("/api/v1/sign/in/apple", external("APPLE")),

    post("/1/sign/in/vk-id", async ({ request }) => {
      const body = await parseBody(request, vkSignInBodySchema);
      if ("response" in body) return body.response;
      if (!body.data.code.startsWith(DEMO_VK_CODE_PREFIX)) return errorResponse(demoError("sign.vk.code-invalid"));
      const userId = demoVkUserId(body.data.code);
      return tokens(store.signInExternal("VK", String(userId), null).tokens);
    }),

    // spec §7: bearer refresh token → a new token set (a body { refreshToken } is accepted too)
    post("/api/v1/sign/refresh", async ({ request }) => {
      let raw = bearer(request);
      if (!raw) {
        const body = (await readJson(request)) as { refreshToken?: unknown } | undefined;
        raw = typeof body?.refreshToken === "string" ? body.refreshToken : null;
      }
      const auth = store.authenticate(raw, "refresh");
      return auth.ok ? tokens(store.issueTokens(auth.value.person)) : errorResponse(auth.error);
    }),

    http.get(
      `${api}/api/v1/me`,
      guarded(store, "other", ({ request, params }) => {
        const auth = authorize(store, request, params);
        return "response" in auth ? auth.response : json(auth.person.profile);
      }),
    ),
  ];
}

// ─── Google Places (New) and Geocoding ──────────────────────────────────────────────────────────

const autocompleteBodySchema = z.object({
  input: z.string().default(""),
  sessionToken: z.string().optional(),
  languageCode: z.string().optional(),
  includedPrimaryTypes: z.array(z.string()).optional(),
  locationRestriction: z
    .object({
      rectangle: z.object({
        low: z.object({ latitude: z.number(), longitude: z.number() }),
        high: z.object({ latitude: z.number(), longitude: z.number() }),
      }),
    })
    .optional(),
});

const googleError = (status: number, message: string, code: string) =>
  json({ error: { code: status, message, status: code } }, status);

function googleHandlers(): HttpHandler[] {
  return [
    // ':' is literal in "places:autocomplete", so match it with a RegExp rather than a path pattern
    http.post(/^https:\/\/places\.googleapis\.com\/v1\/places:autocomplete$/, async ({ request }) => {
      const parsed = autocompleteBodySchema.safeParse(await readJson(request));
      if (!parsed.success) return googleError(400, "Invalid JSON payload", "INVALID_ARGUMENT");
      const places = searchAddresses(parsed.data.input, parsed.data.locationRestriction?.rectangle ?? null);
      return json(places.length ? { suggestions: places.map(toAutocompleteSuggestion) } : {});
    }),

    http.get(`${GOOGLE_PLACES_BASE}/places/:placeId`, ({ params }) => {
      const place = placeById(String(params.placeId ?? ""));
      return place ? json(toPlaceDetails(place)) : googleError(404, "Place not found", "NOT_FOUND");
    }),

    http.get(GOOGLE_GEOCODE_URL, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const address = query.get("address");
      const latlng = query.get("latlng");
      const placeId = query.get("place_id");
      let places;
      if (placeId) {
        places = [placeById(placeId)];
      } else if (latlng) {
        const [lat, lng] = latlng.split(",").map(Number);
        if (!Number.isFinite(lat) || !Number.isFinite(lng)) return json({ status: "INVALID_REQUEST", results: [] });
        places = [reverseGeocode({ lat: lat!, lng: lng! })];
      } else if (address) {
        places = searchAddresses(address);
      } else {
        return json({ status: "INVALID_REQUEST", results: [], error_message: "address, latlng or place_id is required" });
      }
      const results = places.filter((p) => p !== null).map(toGeocodingResult);
      return json({ status: results.length ? "OK" : "ZERO_RESULTS", results });
    }),
  ];
}

// ─── VK ID stand-in ─────────────────────────────────────────────────────────────────────────────

/** VK ID posts form-encoded bodies; accept JSON and query parameters too. */
async function readForm(request: Request): Promise<URLSearchParams> {
  const params = new URLSearchParams(new URL(request.url).search);
  const text = await request.text();
  if (!text) return params;
  if ((request.headers.get("content-type") ?? "").includes("json")) {
    try {
      for (const [key, value] of Object.entries(JSON.parse(text) as Record<string, unknown>)) params.set(key, String(value));
    } catch {
      // an unreadable body leaves only the query parameters
    }
  } else {
    for (const [key, value] of new URLSearchParams(text)) params.set(key, value);
  }
  return params;
}

function vkHandlers(store: DemoStore): HttpHandler[] {
  let issued = 0;
  const vkError = (error: string, description: string) => json({ error, error_description: description }, 400);
  return [
    http.post(`${VK_ID_BASE}/oauth2/auth`, async ({ request }) => {
      const form = await readForm(request);
      if (form.get("grant_type") !== "authorization_code")
        return vkError("unsupported_grant_type", "grant_type must be authorization_code");
      const code = form.get("code") ?? "";
      if (!code.startsWith(DEMO_VK_CODE_PREFIX)) return vkError("invalid_grant", "Invalid authorization code");
      for (const key of ["code_verifier", "device_id", "redirect_uri"]) {
        if (!form.get(key)) return vkError("invalid_request", `${key} is required`);
      }
      issued += 1;
      const userId = demoVkUserId(code);
      const iat = Math.floor(store.now() / 1000);
      const idPayload = Buffer.from(JSON.stringify({ sub: String(userId), iat, exp: iat + 3600, iss: "demo-vk" })).toString(
        "base64url",
      );
      return json({
        access_token: `demo-vk-access-${userId}-${issued}`,
        refresh_token: `demo-vk-refresh-${userId}-${issued}`,
        id_token: `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${idPayload}.demo`,
        token_type: "Bearer",
        expires_in: 3600,
        user_id: userId,
        state: form.get("state") ?? "",
        scope: "vkid.personal_info",
      });
    }),
    http.post(`${VK_ID_BASE}/oauth2/logout`, () => json({ response: 1 })),
  ];
}

// ─── all together ───────────────────────────────────────────────────────────────────────────────

/** What the twin knows of the brand besides its data: whether the brand has a captcha on (ADR 095). */
export interface DemoTwinOptions {
  captchaRequired?: () => boolean;
}

/** The demo captcha stand-in's tokens (/_demo/captcha.js): the twin accepts these and nothing else. */
export const DEMO_CAPTCHA_TOKEN_PREFIX = "demo-captcha:";

export function createDemoHandlers(baseUrl: string, store: DemoStore, options: DemoTwinOptions = {}): HttpHandler[] {
  const api = baseUrl.replace(/\/+$/, "");
  return [
    ...catalogHandlers(api, store),
    ...orderHandlers(api, store),
    ...authHandlers(api, store, options),
    ...googleHandlers(),
    ...vkHandlers(store),
  ];
}
