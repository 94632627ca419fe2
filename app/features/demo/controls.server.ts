import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { cartLineSchema } from "~/lib/cart";
import { commitHeaders, getState } from "~server/session";
import { getContext } from "~server/context";
import { getRateLimitStore } from "~server/auth";
import { armOrderError, disarmOrderErrors } from "~server/demo";

const orderErrorSchema = z.object({
  phone: z.string().min(1).max(40),
  code: z.string().min(1).max(120),
  message: z.string().max(300).optional(),
  status: z.number().int().min(400).max(599).optional(),
});
import { changeCatalog, resetCatalogChanges } from "~server/demo/catalog-changes";

/**
 * Demo-only controls for the browser tests and the bench: twin scenarios (down, slow, 5xx,
 * malformed, drifted data), its orders and SMS codes, and the count of upstream calls. Answers 404 unless the
 * server runs in demo mode AND was started with DEMO_CONTROLS=1 — never against a real upstream.
 */
function controls() {
  const { demo, config } = getContext();
  if (!demo || !config.demo || process.env.DEMO_CONTROLS !== "1") return null;
  return demo;
}

const positionIds = z.array(z.number().int().positive()).max(50);
const catalogChangeSchema = z.object({
  remove: positionIds.optional(),
  prices: z.record(z.string().regex(/^\d{1,12}$/), z.number().int().nonnegative()).optional(),
  restore: positionIds.optional(),
});

const notFound = () => new Response("Not found", { status: 404 });

export async function demoControlsLoader({ params, request }: LoaderFunctionArgs) {
  const demo = controls();
  if (!demo) return notFound();
  const { upstream } = getContext();
  const url = new URL(request.url);
  switch (params["*"]) {
    case "stats":
      return Response.json({ upstreamCalls: upstream.stats().calls });
    case "orders":
      return Response.json({ orders: demo.store.orders() });
    case "sms":
      return Response.json({ code: demo.store.peekSmsCode(url.searchParams.get("phone") ?? "") ?? null });
    default:
      return notFound();
  }
}

export async function demoControlsAction({ params, request }: ActionFunctionArgs) {
  const demo = controls();
  if (!demo) return notFound();
  switch (params["*"]) {
    case "scenario": {
      const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
      if ("drifted" in body) {
        // issue 19: hold (true) or let go of (false) the drifted-data scenario, leaving the others as they
        // are; drift stays on while any holder remains, so parallel tests do not switch it off for each other
        const before = demo.store.scenario.driftHolders;
        const after = body.drifted === true ? before + 1 : Math.max(0, before - 1);
        demo.store.setScenario({ driftHolders: after });
        if (before > 0 !== after > 0) await getContext().upstream.cache.clear();
        return Response.json({ ok: true, drifted: after > 0 });
      }
      demo.store.setScenario({
        latencyMs: typeof body.latencyMs === "number" ? body.latencyMs : 0,
        down: body.down === true,
        failStatus: typeof body.failStatus === "number" ? body.failStatus : null,
        malformed: body.malformed === true,
        scope: body.scope === "all" ? "all" : "catalog",
      });
      return Response.json({ ok: true });
    }
    case "cart": {
      // e2e only: put lines in this browser's cart (the sign-in journeys check that sign-out keeps it)
      const body = (await request.json().catch(() => ({}))) as { lines?: unknown };
      const lines = z.array(cartLineSchema).max(20).safeParse(body.lines ?? []);
      if (!lines.success) return Response.json({ ok: false }, { status: 400 });
      const storefront = await getState(request, "storefront");
      storefront.cart_positions = lines.data;
      return Response.json({ ok: true }, { headers: await commitHeaders(request) });
    }
    case "order-error": {
      // e2e only (ADR 097): the next order of the person with this phone is refused with this code (and message)
      const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
      const armed = orderErrorSchema.safeParse(body);
      const person = armed.success ? demo.store.personByPhone(armed.data.phone) : undefined;
      if (!armed.success || !person) return Response.json({ ok: false }, { status: 400 });
      const error = armOrderError(demo.store, person.id, armed.data.code, armed.data.message, armed.data.status);
      return Response.json({ ok: true, error });
    }
    case "catalog": {
      // issue 18 §1: take positions off the menu, change their prices, or restore them (per position, so that
      // tests alongside are not disturbed); the catalog cache goes so that the next page sees the change
      const body = catalogChangeSchema.safeParse(await request.json().catch(() => null));
      if (!body.success) return Response.json({ ok: false }, { status: 400 });
      changeCatalog(body.data);
      await getContext().upstream.cache.clear();
      return Response.json({ ok: true });
    }
    case "forget-sms": {
      // one phone's SMS timer and attempts, and the sign-in rate limits (no e2e test relies on them): unlike
      // "reset" it keeps every other session, person and order, so tests running alongside are not disturbed
      const body = (await request.json().catch(() => ({}))) as { phone?: unknown };
      if (typeof body.phone !== "string") return Response.json({ ok: false }, { status: 400 });
      demo.store.forgetSms(body.phone);
      await getRateLimitStore().reset();
      return Response.json({ ok: true });
    }
    case "reset":
      demo.store.reset();
      disarmOrderErrors(demo.store);
      resetCatalogChanges();
      await getRateLimitStore().reset();
      await getContext().upstream.cache.clear();
      return Response.json({ ok: true });
    default:
      return notFound();
  }
}
