import { z } from "zod";
import { V, withParams } from "~/lib/validation";

/** The longest promo code the form takes (the upstream's codes are far shorter). */
export const PROMO_CODE_MAX = 40;

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
