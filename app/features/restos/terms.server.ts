import { interpolate } from "~/i18n/translator";
import { messagesFor } from "~/i18n/locale.server";
import { pageUrls } from "~/lib/page-urls";
import type { RequestContext } from "~server/context";

/** spec §2 terms-of-sale 'Безопасность платежей': the brand's terms of sale (brand config termsOfSale). */
export async function loadTermsPage(rc: RequestContext) {
  const { brand } = rc.config;
  const messages = messagesFor(rc.locale);
  return {
    text: brand.termsOfSale,
    description: interpolate(messages.restos.termsSeoDescription, { brand: brand.displayName }),
    ...pageUrls(rc, "/terms-of-sale"),
  };
}
