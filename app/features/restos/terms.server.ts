import { interpolate } from "~/i18n/translator";
import { getLocale, messagesFor } from "~/i18n/locale.server";
import { pageUrls } from "~/shell/seo.server";
import { getContext } from "~server/context";

/** spec §2 terms-of-sale 'Безопасность платежей': the brand's terms of sale (brand config termsOfSale). */
export async function loadTermsPage(request: Request) {
  const { brand } = getContext().config;
  const messages = messagesFor(await getLocale(request));
  return {
    text: brand.termsOfSale,
    description: interpolate(messages.restos.termsSeoDescription, { brand: brand.displayName }),
    ...pageUrls(request, "/terms-of-sale"),
  };
}
