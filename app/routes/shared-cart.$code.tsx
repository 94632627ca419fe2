import type { HeadersFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { loadSharedCart, sharedCartAction } from "~/features/reorder/reorder.server";
import { SharedCartView } from "~/features/reorder/SharedCartView";
import { reorderMeta } from "~/features/reorder/meta";
import { withMessages } from "~/i18n/route-messages.server";
import type { Route } from "./+types/shared-cart.$code";
import { requestContextOf } from "~/shell/request.server";

/** A shared cart's link (issue 18 §2): its lines checked against today's menu, merged with one form. */
export const loader = withMessages("routes/shared-cart.$code", ({ context, params }: Route.LoaderArgs) => loadSharedCart(requestContextOf(context), params.code ?? ""));
export const action = ({ context, params }: Route.ActionArgs) => sharedCartAction(requestContextOf(context), params.code ?? "");
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });
export const meta = reorderMeta("sharedTitle");

export default function SharedCartRoute() {
  const { view } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <SharedCartView view={view} error={actionData && "error" in actionData ? actionData.error : null} />;
}
