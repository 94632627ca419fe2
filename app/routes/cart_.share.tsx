import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadSharePage } from "~/features/reorder/reorder.server";
import { ShareCart } from "~/features/reorder/ShareCart";
import { useTranslation } from "~/i18n/react";
import { reorderMeta } from "~/features/reorder/meta";
import { withMessages } from "~/i18n/route-messages.server";

/** 'Поделиться корзиной' (issue 18 §2): the link of the current cart. */
export const loader = withMessages("routes/cart_.share", ({ request }: LoaderFunctionArgs) => loadSharePage(request));
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
