import type { MetaDescriptor } from "react-router";
import { useLoaderData } from "react-router";
import { useTranslation } from "~/i18n/react";
import { rootInfo, seoMeta } from "~/shell/seo";
import { loadTermsPage } from "~/features/restos/terms.server";
import type { Route } from "./+types/terms-of-sale";
import { requestContextOf } from "~/shell/request.server";

export const loader = ({ context }: Route.LoaderArgs) => loadTermsPage(requestContextOf(context));

export function meta({ loaderData: data, matches }: Route.MetaArgs): MetaDescriptor[] {
  const { brand, locale, text } = rootInfo(matches);
  return seoMeta({
    title: `${text("app.termsOfSale", "Безопасность платежей")} — ${brand}`,
    description: data?.description ?? "",
    canonical: data?.canonical,
    origin: data?.origin,
    siteName: brand,
    locale,
  });
}

export default function TermsOfSale() {
  const { text } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-4 pt-6">
      <h1 className="text-3xl font-bold">{t("app.termsOfSale")}</h1>
      {text.split(/\n{2,}/).map((paragraph, i) => (
        <p key={i} className="whitespace-pre-line leading-relaxed">
          {paragraph}
        </p>
      ))}
    </article>
  );
}
