import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { rootInfo, seoMeta } from "~/shell/seo";
import { loadTermsPage } from "~/features/restos/terms.server";

export const loader = ({ request }: LoaderFunctionArgs) => loadTermsPage(request);

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const { brand, locale, text } = rootInfo(matches);
  return seoMeta({
    title: `${text("app.termsOfSale", "Безопасность платежей")} — ${brand}`,
    description: data?.description ?? "",
    canonical: data?.canonical,
    origin: data?.origin,
    siteName: brand,
    locale,
  });
};

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
