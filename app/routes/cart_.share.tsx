import type { HeadersFunction } from "react-router";
import { useLoaderData } from "react-router";
import { loadSharePage } from "~/features/reorder/reorder.server";
import { ShareCart } from "~/features/reorder/ShareCart";
import { useTranslation } from "~/i18n/react";
import { reorderMeta } from "~/features/reorder/meta";
import { withMessages } from "~/i18n/route-messages.server";
import type { Route } from "./+types/cart_.share";
import { requestContextOf } from "~/shell/request.server";

/** 'Поделиться корзиной' (issue 18 §2): the link of the current cart. */
export const loader = withMessages("routes/cart_.share", ({ context }: Route.LoaderArgs) => loadSharePage(requestContextOf(context)));
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });
export const meta = reorderMeta("shareTitle");
export const handle = { layout: "simple" };

export default function ShareCartRoute() {
  const { url } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-4 py-6">
      <h1 className="text-2xl font-semibold">{t("reorder.shareTitle")}</h1>
      <p className="text-muted">{t("reorder.shareIntro")}</p>
      <ShareCart url={url} />
    </section>
  );
}
