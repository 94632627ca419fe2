import type { HeadersFunction } from "react-router";
import { useLoaderData } from "react-router";
import { loadRepeatList } from "~/features/reorder/history.server";
import { RepeatOrderList } from "~/features/reorder/RepeatOrders";
import { reorderMeta } from "~/features/reorder/meta";
import { withMessages } from "~/i18n/route-messages.server";
import type { Route } from "./+types/orders.repeat";
import { requestContextOf } from "~/shell/request.server";

/** 'Повторить заказ' from the header's account menu (issue 18 §1): the last five orders. */
export const loader = withMessages("routes/orders.repeat", ({ context }: Route.LoaderArgs) => loadRepeatList(requestContextOf(context)));
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });
export const meta = reorderMeta("repeatTitle");

export default function RepeatOrdersRoute() {
  const { orders } = useLoaderData<typeof loader>();
  return <RepeatOrderList orders={orders} />;
}
