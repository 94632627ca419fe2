import type { HeadersFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { loadRepeatOrder, repeatOrderAction, type RepeatOrderPage } from "~/features/reorder/history.server";
import { RepeatOrderView } from "~/features/reorder/RepeatOrders";
import { reorderMeta } from "~/features/reorder/meta";
import { withMessages } from "~/i18n/route-messages.server";
import type { Route } from "./+types/orders.$orderId.repeat";
import { requestContextOf } from "~/shell/request.server";

/** One past order to repeat (issue 18 §1): its lines checked against today's menu, merged with one form. */
export const loader = withMessages("routes/orders.$orderId.repeat", ({ context, params }: Route.LoaderArgs) => loadRepeatOrder(requestContextOf(context), params.orderId ?? ""));
export const action = ({ context, params }: Route.ActionArgs) => repeatOrderAction(requestContextOf(context), params.orderId ?? "");
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });
export const meta = reorderMeta("repeatTitle");

export default function RepeatOrderRoute() {
  const page = useLoaderData<typeof loader>() as RepeatOrderPage;
  const actionData = useActionData<typeof action>();
  return <RepeatOrderView page={page} error={actionData && "error" in actionData ? actionData.error : null} />;
}
