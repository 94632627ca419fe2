import type { HeadersFunction, MetaFunction } from "react-router";
import { data } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { metaText } from "~/i18n/messages";
import { CartScreen } from "~/features/cart/CartScreen";
import { loadCartPage } from "~/features/cart/cart-page.server";
import { cartAction, type CartActionData } from "~/features/cart/cart-actions.server";
import type { LayerHandle, NumbersHandle } from "~/shell/layouts";
import type { FormResult } from "~/features/forms/form-result";
import { withMessages } from "~/i18n/route-messages.server";
import type { Route } from "./+types/cart";
import { requestContextOf } from "~/shell/request.server";

/**
 * A route's meta replaces the root's, so the brand's description is repeated here: without it the cart page has
 * no meta description (Lighthouse SEO, issue 9 §1).
 */
export const meta: MetaFunction = ({ matches }) => {
  const root = matches.find((m) => m.id === "root")?.loaderData as
    { brand?: { displayName?: string }; description?: string } | undefined;
  return [
    { title: `${metaText(matches, "cart.title", "Корзина")} — ${root?.brand?.displayName ?? ""}` },
    { name: "description", content: root?.description ?? "" },
  ];
};

/** personal data (cart, draft, order): never stored by shared caches or the browser's HTTP cache */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

async function pageLoader({ context }: Route.LoaderArgs) {
  const rc = requestContextOf(context);
  const { view, headers } = await loadCartPage(rc);
  return data(view, { headers });
}
export const loader = withMessages("routes/cart", pageLoader);

export async function action({ context }: Route.ActionArgs) {
  const rc = requestContextOf(context);
  return cartAction(rc);
}

/** '?confirm=clear' draws the clearing confirmation over the cart */
export const handle: LayerHandle & NumbersHandle = {
  layer: (view) => Boolean((view as { confirmClear?: boolean } | undefined)?.confirmClear),
  // the prices come with their pattern (ADR 117): the hydration creates no Intl number format
  hydratesNumbers: false,
};

export default function CartRoute() {
  const view = useLoaderData<typeof loader>();
  // the cart's intents answer CartActionData; the promo-code form conform's submission result (ADR 103)
  const actionData = useActionData<typeof action>() as CartActionData | FormResult | undefined;
  const promoResult = actionData && !("ok" in actionData) ? actionData : undefined;
  return <CartScreen view={view} actionData={actionData && "ok" in actionData ? actionData : undefined} promoResult={promoResult} />;
}
