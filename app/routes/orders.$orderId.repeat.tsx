import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { loadRepeatOrder, repeatOrderAction, type RepeatOrderPage } from "~/features/reorder/history.server";
import { RepeatOrderView } from "~/features/reorder/RepeatOrders";
import { reorderMeta } from "~/features/reorder/meta";
import { withMessages } from "~/i18n/route-messages.server";

/** One past order to repeat (issue 18 §1): its lines checked against today's menu, merged with one form. */
export const loader = withMessages("routes/orders.$orderId.repeat", ({ request, params }: LoaderFunctionArgs) => loadRepeatOrder(request, params.orderId ?? ""));
export const action = ({ request, params }: ActionFunctionArgs) => repeatOrderAction(request, params.orderId ?? "");
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });
export const meta = reorderMeta("repeatTitle");

export default function RepeatOrderRoute() {
  const page = useLoaderData<typeof loader>() as RepeatOrderPage;
  const actionData = useActionData<typeof action>();
  return <RepeatOrderView page={page} error={actionData && "error" in actionData ? actionData.error : null} />;
}
