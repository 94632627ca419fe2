import type { MetaDescriptor } from "react-router";
import { useActionData, useLoaderData, useNavigate, useParams } from "react-router";
import { LayerError } from "~/components/ui/LayerError";
import { AgeConfirm } from "~/features/age/AgeConfirm";
import { positionAction, positionLoader } from "~/features/menu/position-page.server";
import { PositionDetail } from "~/features/menu/PositionDetail";
import { rootInfo, seoMeta } from "~/shell/seo";
import type { LayerHandle } from "~/shell/layouts";
import type { Route } from "./+types/menus.$menuId.positions.$positionId";
import { requestContextOf } from "~/shell/request.server";

/**
 * spec §2 menus.positions.show: the position detail as a layer over its menu (dialog ≥ 840 px, bottom sheet
 * below, z-index 2400). Its own action adds the chosen position to the cart through the shared addToCart
 * (time slot and modifier min/max checked server-side): 400 with messages re-renders the layer; success
 * goes (303) back to the menu URL, which confirms what went into the cart.
 */
export const loader = ({ context, params }: Route.LoaderArgs) => positionLoader(requestContextOf(context), params);
export const action = ({ context, params }: Route.ActionArgs) => positionAction(requestContextOf(context), params);

export function meta({ loaderData: data, matches }: Route.MetaArgs): MetaDescriptor[] {
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

/** a failing position layer fails inside the layer; the menu stays behind it (issue 13 §6) */
export function ErrorBoundary() {
  const { menuId } = useParams();
  return <LayerError closeTo={`/menus/${menuId ?? ""}`} />;
}
