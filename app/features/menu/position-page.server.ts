import { parseTranslated } from "~/features/forms/parse-translated";
import type { Params } from "react-router";
import { data, redirect } from "react-router";
import { readForm } from "~/features/forms/read-form.server";
import { redirectTarget } from "~/lib/redirect-target";
import { z } from "zod";
import { modifierTokensSchema } from "~/lib/cart";
import { addToCart } from "~/features/cart/cart.server";
import { effectiveLocation } from "~/features/location/location.server";
import { isAdultConfirmed, toPositionDetail } from "~/features/menu/menu-view.server";
import type { PositionActionData } from "~/features/menu/PositionDetail";
import { pageUrls } from "~/lib/page-urls";
import { messagesFor } from "~/i18n/locale.server";
import { upstreamFailure } from "~server/upstream/errors";
import type { RequestContext } from "~server/context";
import { readPathId } from "~/lib/path-id";

/**
 * The position layer's loader and action (spec §2 menus.positions.show): the position of the current
 * restaurant's menu, and adding it to the cart through the shared addToCart (time slot and modifier min/max
 * checked server-side): 400 with messages re-renders the layer; success goes (303) back to the menu URL.
 */
function ids(params: Params) {
  const menuId = readPathId(params.menuId);
  const positionId = readPathId(params.positionId);
  if (menuId === null || positionId === null) throw redirect("/");
  return { menuId, positionId };
}

async function loadPosition(rc: RequestContext, params: Params) {
  const { menuId, positionId } = ids(params);
  const { config, upstream } = rc.services;
  const location = effectiveLocation(await rc.session.get("storefront"), config.brand);
  // spec §2: a position URL that does not belong to the current restaurant redirects home, never a dead end
  if (!location?.restoId) throw redirect("/");
  const catalog = await upstream.boot.loadRestoCatalog(location.restoId).catch((error: unknown) => {
    throw upstreamFailure(error);
  });
  const position = toPositionDetail(catalog, location.method, menuId, positionId, upstream.clock.now());
  if (!position) throw redirect("/");
  return { menuId, positionId, position, currency: catalog.resto.currency, restoName: catalog.resto.name };
}

export async function positionLoader(rc: RequestContext, params: Params) {
  const found = await loadPosition(rc, params);
  const urls = pageUrls(rc, `/menus/${found.menuId}/positions/${found.positionId}`);
  const ageRequired = found.position.adult && !(await isAdultConfirmed(rc));
  return {
    ...urls,
    menuUrl: `/menus/${found.menuId}`,
    currency: found.currency,
    restoName: found.restoName,
    ageRequired,
    // an 18+ position is not shown before the age confirmation
    position: ageRequired ? null : found.position,
    title: found.position.name,
    photo: ageRequired ? null : (found.position.photos[0] ?? null),
    description: ageRequired ? "" : found.position.description,
  };
}

const schema = z.object({
  intent: z.literal("add"),
  count: z.number().int().min(1).max(99).default(1),
  modifier: modifierTokensSchema,
});

export async function positionAction(rc: RequestContext, params: Params) {
  const { menuId, positionId } = ids(params);
  const formData = await readForm(rc);
  const locale = rc.locale;
  const messages = messagesFor(locale).menu;
  const t = rc.t;
  const submission = parseTranslated(formData, schema, rc.t);
  const rawValues = { count: Number(formData.get("count")) || 1, modifier: formData.getAll("modifier").map(String).slice(0, 30) };
  const fail = (body: Partial<PositionActionData>) =>
    data<PositionActionData>({ errors: [], groupErrors: {}, values: rawValues, ...body }, { status: 400 });
  if (submission.status !== "success") return fail({ errors: [messages.errors.badInput] });

  const found = await loadPosition(rc, params).catch(() => null);
  if (!found) return fail({ errors: [messages.errors.notFound] });
  if (found.position.adult && !(await isAdultConfirmed(rc))) return fail({ errors: [messages.errors.adult] });

  const modifiers = submission.value.modifier;
  const result = await addToCart(rc, { positionId, menuId, count: submission.value.count, modifiers });
  if (!result.ok) {
    switch (result.reason) {
      case "modifiers": {
        const groupErrors: Record<number, string> = {};
        const errors: string[] = [];
        for (const e of result.modifierErrors) {
          if (e.kind === "min") groupErrors[e.groupId] = t("menu.modifierMin", { name: e.name, count: e.min });
          else if (e.kind === "max") groupErrors[e.groupId] = t("menu.modifierMax", { name: e.name, count: e.max });
          else errors.push(messages.modifierInvalid);
        }
        return fail({ groupErrors, errors: [...new Set(errors)] });
      }
      case "unavailable":
        return fail({ errors: [messages.errors.unavailable] });
      case "no-location":
        return fail({ errors: [messages.errors.noLocation] });
      case "position-not-found":
        return fail({ errors: [messages.errors.notFound] });
      case "cookie-too-large":
        return fail({ errors: [messagesFor(locale).errors.cookieTooLarge] });
      default:
        return fail({ errors: [messages.errors.cartFull] });
    }
  }
  return redirect(redirectTarget(`/menus/${menuId}?added=${positionId}`, "/"), { status: 303, headers: result.headers });
}

