import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { readForm } from "~/features/forms/read-form.server";
import { redirectTarget } from "~/lib/redirect-target";
import { z } from "zod";
import { AgeConfirm } from "~/features/age/AgeConfirm";
import { addToCart } from "~/features/cart/cart.server";
import { effectiveLocation } from "~/features/location/location.server";
import { interpolate } from "~/features/menu/interpolate";
import { isAdultConfirmed, toPositionDetail } from "~/features/menu/menu-view.server";
import { PositionDetail, type PositionActionData } from "~/features/menu/PositionDetail";
import { rootInfo, seoMeta } from "~/features/menu/seo";
import { pageUrls } from "~/features/menu/seo.server";
import { getLocale, messagesFor } from "~/root-data.server";
import { getContext, getState } from "~/services.server";
import { upstreamFailure } from "~/upstream-failure.server";
import type { LayerHandle } from "~/layouts";

/**
 * spec §2 menus.positions.show: the position detail as a layer over its menu (dialog ≥ 840 px, bottom sheet
 * below, z-index 2400). Its own action adds the chosen position to the cart through the shared addToCart
 * (time slot and modifier min/max checked server-side): 400 with messages re-renders the layer; success
 * goes (303) back to the menu URL, which confirms what went into the cart.
 */
function ids(params: LoaderFunctionArgs["params"]) {
  const menuId = Number(params.menuId);
  const positionId = Number(params.positionId);
  if (!Number.isSafeInteger(menuId) || menuId <= 0 || !Number.isSafeInteger(positionId) || positionId <= 0) {
    throw data("Not found", { status: 404 });
  }
  return { menuId, positionId };
}

async function loadPosition(request: Request, params: LoaderFunctionArgs["params"]) {
  const { menuId, positionId } = ids(params);
  const { config, upstream } = getContext();
  const location = effectiveLocation(await getState(request, "storefront"), config.brand);
  if (!location?.restoId) throw data("Not found", { status: 404 });
  const catalog = await upstream.boot.loadRestoCatalog(location.restoId).catch((error: unknown) => {
    throw upstreamFailure(error);
  });
  const position = toPositionDetail(catalog, location.method, menuId, positionId, upstream.clock.now());
  if (!position) throw data("Not found", { status: 404 });
  return { menuId, positionId, position, currency: catalog.resto.currency, restoName: catalog.resto.name };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const found = await loadPosition(request, params);
  const urls = pageUrls(request, `/menus/${found.menuId}/positions/${found.positionId}`);
  const ageRequired = found.position.adult && !(await isAdultConfirmed(request));
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

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const { brand, locale } = rootInfo(matches);
  return seoMeta({
    title: [data?.title, data?.restoName, brand].filter(Boolean).join(" — "),
    description: data?.description || data?.title || "",
    canonical: data?.canonical,
    origin: data?.origin,
    image: data?.photo,
    siteName: brand,
    locale,
    type: "article",
  });
};

const schema = z.object({
  intent: z.literal("add"),
  count: z.number().int().min(1).max(99).default(1),
  modifier: z.array(z.string().regex(/^\d{1,15}:\d{1,15}:\d{1,2}$/)).max(30).default([]),
});

export async function action({ request, params }: ActionFunctionArgs) {
  const { menuId, positionId } = ids(params);
  const formData = await readForm(request);
  const messages = messagesFor(await getLocale(request)).menu;
  const submission = parseWithZod(formData, { schema });
  const rawValues = { count: Number(formData.get("count")) || 1, modifier: formData.getAll("modifier").map(String).slice(0, 30) };
  const fail = (body: Partial<PositionActionData>) =>
    data<PositionActionData>({ errors: [], groupErrors: {}, values: rawValues, ...body }, { status: 400 });
  if (submission.status !== "success") return fail({ errors: [messages.errors.badInput] });

  const found = await loadPosition(request, params).catch(() => null);
  if (!found) return fail({ errors: [messages.errors.notFound] });
  if (found.position.adult && !(await isAdultConfirmed(request))) return fail({ errors: [messages.errors.adult] });

  const modifiers = submission.value.modifier.map((v) => {
    const [modifierGroupId, itemId, count] = v.split(":").map(Number) as [number, number, number];
    return { modifierGroupId, itemId, count };
  });
  const result = await addToCart(request, { positionId, menuId, count: submission.value.count, modifiers });
  if (!result.ok) {
    switch (result.reason) {
      case "modifiers": {
        const groupErrors: Record<number, string> = {};
        const errors: string[] = [];
        for (const e of result.modifierErrors) {
          if (e.kind === "min") groupErrors[e.groupId] = interpolate(messages.modifierMin, { name: e.name, count: e.min });
          else if (e.kind === "max") groupErrors[e.groupId] = interpolate(messages.modifierMax, { name: e.name, count: e.max });
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
        return fail({ errors: [messagesFor(await getLocale(request)).errors.cookieTooLarge] });
      default:
        return fail({ errors: [messages.errors.cartFull] });
    }
  }
  return redirect(redirectTarget(`/menus/${menuId}?added=${positionId}`, "/"), { status: 303, headers: result.headers });
}

export const handle: LayerHandle = { layer: true };

export default function PositionLayer() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigate = useNavigate();
  if (page.ageRequired || !page.position) {
    return <AgeConfirm returnTo={new URL(page.canonical).pathname} cancelTo={page.menuUrl} />;
  }
  const close = () => navigate(page.menuUrl, { preventScrollReset: true });
  return (
    <PositionDetail
      key={page.position.id}
      position={page.position}
      currency={page.currency}
      origin={page.origin}
      actionData={actionData ?? null}
      closeTo={page.menuUrl}
      onClose={close}
    />
  );
}
