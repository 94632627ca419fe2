import type { MetaFunction } from "react-router";
import { data } from "react-router";
import { useLoaderData } from "react-router";
import { useTranslation } from "~/i18n/react";
import { demoVkAuthorize } from "~/features/auth/demo-idp.server";
import { withMessages } from "~/i18n/route-messages.server";
import type { Route } from "./+types/[_demo].vk.authorize";
import { requestContextOf } from "~/shell/request.server";

/**
 * Demo only (ADR 032): a stand-in for VK ID's authorize page. It checks what VK would check (numeric client id,
 * S256 challenge, a redirect back to this site's /auth) and sends the browser back with a
 * "demo-vk-code:…" code and the same state; the upstream twin answers the code exchange. 404 outside demo mode.
 */
async function pageLoader({ context }: Route.LoaderArgs) {
  const rc = requestContextOf(context);
  const result = await demoVkAuthorize(rc);
  if (!result) throw new Response("Not found", { status: 404 });
  if ("error" in result) throw data(result.error, { status: 400 });
  return result;
}
export const loader = withMessages("routes/[_demo].vk.authorize", pageLoader);

export const meta: MetaFunction = () => [{ title: "VK ID (demo)" }, { name: "robots", content: "noindex" }];

export default function DemoVkAuthorize() {
  const { allowUrl, denyUrl } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-md flex-col gap-4 py-10" aria-labelledby="vk-demo-title">
      <h1 id="vk-demo-title" className="text-2xl font-semibold">
        {t("auth.demoIdp.title", { provider: "VK ID" })}
      </h1>
      <p className="text-muted">{t("auth.demoIdp.intro", { provider: "VK ID" })}</p>
      <a href={allowUrl} className="rounded-full bg-[#0062d6] px-5 py-3 text-center font-semibold text-white">
        {t("auth.demoIdp.allow")}
      </a>
      <a href={denyUrl} className="rounded-full border border-line px-5 py-3 text-center">
        {t("auth.demoIdp.deny")}
      </a>
    </section>
  );
}
