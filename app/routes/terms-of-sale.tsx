import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/react-i18n";
import { rootInfo, seoMeta } from "~/features/menu/seo";
import { pageUrls } from "~/features/menu/seo.server";
import { getLocale, messagesFor } from "~/root-data.server";
import { getContext } from "~/services.server";

/** spec §2 terms-of-sale 'Безопасность платежей': the brand's terms of sale (brand config termsOfSale). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { brand } = getContext().config;
  const messages = messagesFor(await getLocale(request));
  return {
    text: brand.termsOfSale,
    description: messages.restos.termsSeoDescription.replace("{{brand}}", brand.displayName),
    ...pageUrls(request, "/terms-of-sale"),
  };
}

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
