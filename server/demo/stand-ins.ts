/**
 * What demo mode adds to the storefront besides the twin's API (ADR 138): the stand-ins for third parties'
 * pages (the captcha provider's script, ADR 095; the payment provider's page, ADR 099) and the controls the
 * browser tests and the bench use. `createServices` makes them in demo mode only, so a server against a real
 * upstream has none; the routes under `/_demo` answer 404 without them. No screen imports this module.
 */
import { z } from "zod";
import { cartLineSchema } from "~/lib/cart";
import { redirectTarget } from "~/lib/redirect-target";
import { decodePlaces, encodePlace, rememberPlace } from "~/lib/saved-places";
import type { RateLimits } from "../auth/rate-limit";
import type { DemoControls, DemoStandIns } from "../services";
import type { Upstream } from "../upstream";
import { renewCartId } from "../session";
import { armOrderError, disarmOrderErrors } from "./armed-errors";
import { makeClockResto } from "./clock";
import { findDemoResto } from "./data";
import { DEMO_CAPTCHA_TOKEN_PREFIX } from "./handlers";
import { scenarioFromBody } from "./scenario";
import type { DemoUpstream } from "./index";

const LABELS: Record<string, string> = { ru: "Я не робот", en: "I'm not a robot", me: "Nisam robot" };

/** The script: the same `window.smartCaptcha.render(container, { sitekey, hl, callback })` as the real one. */
const CAPTCHA_SCRIPT = `(function () {
  "use strict";
  var current = document.currentScript;
  var params = new URL(current ? current.src : location.href, location.href).searchParams;
  var labels = ${JSON.stringify(LABELS)};
  var widgets = [];
  function render(container, options) {
    var id = widgets.length;
    var label = labels[(options.hl || "ru").slice(0, 2)] || labels.ru;
    var button = document.createElement("button");
    button.type = "button";
    button.setAttribute("role", "checkbox");
    button.setAttribute("aria-checked", "false");
    button.setAttribute("data-demo-captcha", "");
    button.style.cssText = "display:flex;align-items:center;gap:.75rem;width:100%;max-width:18rem;min-height:3.25rem;padding:.5rem .75rem;border:1px solid currentColor;border-radius:.75rem;background:transparent;color:inherit;font:inherit;text-align:left;cursor:pointer";
    var box = document.createElement("span");
    box.setAttribute("aria-hidden", "true");
    box.style.cssText = "display:inline-flex;align-items:center;justify-content:center;width:1.5rem;height:1.5rem;border:2px solid currentColor;border-radius:.25rem;flex:none";
    var text = document.createElement("span");
    text.textContent = label;
    button.appendChild(box);
    button.appendChild(text);
    button.addEventListener("click", function () {
      if (button.getAttribute("aria-checked") === "true") return;
      var token = ${JSON.stringify(DEMO_CAPTCHA_TOKEN_PREFIX)} + Math.random().toString(36).slice(2) + Date.now().toString(36);
      button.setAttribute("aria-checked", "true");
      box.textContent = "\\u2713";
      widgets[id].token = token;
      if (typeof options.callback === "function") options.callback(token);
    });
    container.appendChild(button);
    widgets.push({ container: container, button: button, token: "" });
    return id;
  }
  function widget(id) { return widgets[id === undefined ? 0 : id]; }
  window.smartCaptcha = {
    render: render,
    getResponse: function (id) { var w = widget(id); return w ? w.token : ""; },
    reset: function (id) { var w = widget(id); if (w) { w.token = ""; w.button.setAttribute("aria-checked", "false"); w.button.firstChild.textContent = ""; } },
    destroy: function (id) { var w = widget(id); if (w && w.button.parentNode) w.button.parentNode.removeChild(w.button); },
  };
  var onload = params.get("onload");
  if (onload && typeof window[onload] === "function") window[onload]();
})();
`;

const orderErrorSchema = z.object({
  phone: z.string().min(1).max(40),
  code: z.string().min(1).max(120),
  message: z.string().max(300).optional(),
  status: z.number().int().min(400).max(599).optional(),
});
const positionIds = z.array(z.number().int().positive()).max(50);
const clockSchema = z.object({
  day: z.enum(["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"]),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
});
const catalogChangeSchema = z.object({
  remove: positionIds.optional(),
  prices: z.record(z.string().regex(/^\d{1,12}$/), z.number().int().nonnegative()).optional(),
  restore: positionIds.optional(),
});

/** a saved delivery place of the browser's signed-in person (issue 39 §1, ADR 180) */
const savedPlaceSchema = z.object({
  cityId: z.number().int().positive(),
  address: z.string().min(1).max(300),
  street: z.string().max(200).nullable().default(null),
  houseNumber: z.string().max(40).nullable().default(null),
  houseConfirmed: z.boolean().default(false),
  apartment: z.string().max(40).default(""),
  entrance: z.string().max(40).default(""),
  floor: z.string().max(40).default(""),
  intercom: z.string().max(40).default(""),
  comment: z.string().max(300).default(""),
  location: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
});

/** the body of a control's POST as JSON; anything else is an empty object */
async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  const body: unknown = await request.json().catch(() => ({}));
  return body !== null && typeof body === "object" ? (body as Record<string, unknown>) : {};
}

/**
 * Demo-only controls for the browser tests and the bench: twin scenarios (down, slow, 5xx, malformed, drifted
 * data), its orders and SMS codes, the menu's changes, a restaurant with a clock of its own, and the count of
 * upstream calls.
 */
function createControls(twin: DemoUpstream, upstream: Upstream, rateLimits: RateLimits): DemoControls {
  const { store } = twin;
  return {
    read(what, url) {
      switch (what) {
        case "stats":
          return Response.json({ upstreamCalls: upstream.stats().calls });
        case "orders":
          return Response.json({ orders: store.orders() });
        case "sms":
          return Response.json({ code: store.peekSmsCode(url.searchParams.get("phone") ?? "") ?? null });
        default:
          return null;
      }
    },
    async act(what, request, session) {
      switch (what) {
        case "scenario": {
          const body = await jsonBody(request);
          if ("drifted" in body) {
            // issue 19: hold (true) or let go of (false) the drifted-data scenario, leaving the others as they
            // are; drift stays on while any holder remains, so parallel tests do not switch it off for each other
            const before = store.scenario.driftHolders;
            const after = body.drifted === true ? before + 1 : Math.max(0, before - 1);
            store.setScenario({ driftHolders: after });
            if (before > 0 !== after > 0) await upstream.cache.clear();
            return Response.json({ ok: true, drifted: after > 0 });
          }
          store.setScenario(scenarioFromBody(body));
          return Response.json({ ok: true });
        }
        case "cart": {
          // put lines in this browser's cart (the sign-in journeys check that sign-out keeps it)
          const lines = z.array(cartLineSchema).max(20).safeParse((await jsonBody(request)).lines ?? []);
          if (!lines.success) return Response.json({ ok: false }, { status: 400 });
          const storefront = await session.get("storefront");
          storefront.cart_positions = lines.data;
          renewCartId(storefront, []);
          return Response.json({ ok: true }, { headers: await session.commitHeaders() });
        }
        case "order-error": {
          // ADR 097: the next order of the person with this phone is refused with this code (and message)
          const armed = orderErrorSchema.safeParse(await jsonBody(request));
          const person = armed.success ? store.personByPhone(armed.data.phone) : undefined;
          if (!armed.success || !person) return Response.json({ ok: false }, { status: 400 });
          const error = armOrderError(store, person.id, armed.data.code, armed.data.message, armed.data.status);
          return Response.json({ ok: true, error });
        }
        case "catalog": {
          // issue 18 §1: take positions off the menu, change their prices, or restore them (per position, so that
          // tests alongside are not disturbed); the catalog cache goes so that the next page sees the change
          const body = catalogChangeSchema.safeParse(await request.json().catch(() => null));
          if (!body.success) return Response.json({ ok: false }, { status: 400 });
          store.catalogChanges.change(body.data);
          await upstream.cache.clear();
          return Response.json({ ok: true });
        }
        case "clock": {
          // issue 36 §2, ADR 151: a restaurant of the test's own (a copy of the Samara one, city 118) whose wall clock
          // reads this weekday and time now; its id goes back to the test, which saves it as its location. The
          // cache goes so that the city's list shows it at once
          const clock = clockSchema.safeParse(await jsonBody(request));
          if (!clock.success) return Response.json({ ok: false }, { status: 400 });
          const made = makeClockResto(store.now(), clock.data);
          await upstream.cache.clear();
          return Response.json({ ok: true, restoId: made.resto.id, cityId: made.cityId, timezone: made.resto.timezone, street: made.resto.street });
        }
        case "saved-place": {
          // issue 39 §1, ADR 180: a saved delivery place of this browser's signed-in person, as if saved when the
          // zones were other than today's (an address outside every zone cannot be saved through the popup); in
          // the places cookie, which reading merges with Redis's copy
          const place = savedPlaceSchema.safeParse(await jsonBody(request));
          const owner = (await session.get("auth")).person_profile?.id;
          if (!place.success || owner === undefined) return Response.json({ ok: false }, { status: 400 });
          const state = await session.get("places");
          const mine = state.owner === String(owner) ? decodePlaces(state.places) : [];
          state.owner = String(owner);
          state.places = rememberPlace(mine, { ...place.data, at: Date.now() }).map(encodePlace);
          return Response.json({ ok: true }, { headers: await session.commitHeaders() });
        }
        case "forget-sms": {
          // one phone's SMS timer and attempts, and the sign-in rate limits (no e2e test relies on them): unlike
          // "reset" it keeps every other session, person and order, so tests running alongside are not disturbed
          const { phone } = await jsonBody(request);
          if (typeof phone !== "string") return Response.json({ ok: false }, { status: 400 });
          store.forgetSms(phone);
          await rateLimits.reset();
          return Response.json({ ok: true });
        }
        case "reset":
          store.reset();
          disarmOrderErrors(store);
          await rateLimits.reset();
          await upstream.cache.clear();
          return Response.json({ ok: true });
        default:
          return null;
      }
    },
  };
}

/** The stand-ins of one twin; `twin` is kept for the tests that read its store. */
export function createDemoStandIns(options: {
  twin: DemoUpstream;
  upstream: Upstream;
  rateLimits: RateLimits;
  controls: boolean;
}): DemoStandIns & { twin: DemoUpstream } {
  const { twin } = options;

  function paidOrder(rawId: string, token: string | null) {
    if (!/^\d{1,12}$/.test(rawId) || !token) return null;
    const order = twin.store.order(Number(rawId));
    return order?.payment && order.payment.token === token ? { order, payment: order.payment } : null;
  }
  function backTo(returnUrl: string): string {
    const url = new URL(returnUrl);
    return redirectTarget(`${url.pathname}${url.search}`, "/");
  }

  return {
    twin,
    smsCode: (phone) => twin.store.peekSmsCode(phone),
    captchaScript: () =>
      new Response(CAPTCHA_SCRIPT, {
        headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
      }),
    payment(rawId, token) {
      const found = paidOrder(rawId, token);
      if (!found) return null;
      const { order, payment } = found;
      return {
        number: order.number,
        total: order.total,
        currency: findDemoResto(order.restoId)?.resto.currency ?? "RUB",
        paid: payment.status === "PAID",
        token: payment.token,
        backTo: backTo(payment.returnUrl),
      };
    },
    settlePayment(rawId, token, outcome) {
      const found = paidOrder(rawId, token);
      if (!found) return null;
      twin.store.settlePayment(found.order.id, found.payment.token, outcome === "paid" ? "PAID" : "FAILED");
      // the provider's return: to the success screen, which asks the upstream (here the twin) what happened
      return backTo(found.payment.returnUrl);
    },
    controls: options.controls ? createControls(twin, options.upstream, options.rateLimits) : null,
  };
}
