import { z } from "zod";
import { parseTranslated } from "~/features/forms/parse-translated";
import type { TFunction } from "~/i18n/translator";
import { PROMO_CODE_MAX } from "~/lib/constants";
import { V, withParams } from "~/lib/validation";

export { PROMO_CODE_MAX };

/**
 * The cart's promo-code form (spec §3, issue 13 §5, ADR 103): the browser checks it with this schema and the
 * action parses the same. An empty code removes the applied one; whether a code exists only the upstream knows.
 */
export const promoFormSchema = z.object({
  code: z
    .string({ invalid_type_error: V.pattern })
    .trim()
    .max(PROMO_CODE_MAX, withParams(V.maxLength, PROMO_CODE_MAX))
    .optional(),
});

/** The promo-code form parsed with its schema, messages translated: the browser's validator (ADR 104) and the action's parse. */
export function parsePromoForm(formData: FormData | URLSearchParams, t: TFunction) {
  return parseTranslated(formData, promoFormSchema, t);
}
