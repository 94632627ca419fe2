/**
 * The checkout form's ONE schema (spec §5; issue 13 §5): the browser validates with it (conform's `onValidate`)
 * and the /cart action parses with it, through the same `parseCheckoutForm`. Browser-importable: nothing of
 * the server here.
 */
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { commentSchema, isEmailAddress, makePhoneSchema, nameSchema, V } from "~/lib/validation";
import { translateValidation } from "~/i18n/validation";
import type { TFunction } from "~/i18n/translator";

export const PAYMENT_METHODS = ["CARD_ONLINE", "CARD_UPON_RECEIPT", "CASH_UPON_RECEIPT"] as const;

/**
 * The checkout form's key (a UUID made when the cart page rendered). The server's order ledger checks the
 * same pattern (server/orders/ledger.ts CHECKOUT_KEY_PATTERN; a unit test keeps the two equal).
 */
export const CHECKOUT_KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** an e-mail or nothing: spaces alone are nothing (not a malformed address), as the browser shows an empty field */
const optionalEmail = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z.string().trim().max(200, V.emailInvalid).refine(isEmailAddress, V.emailInvalid).optional(),
);

/** spec §5 checkout form: name, phone, e-mail, receipt e-mail (required for online card payment), comment. */
export const checkoutSchema = z
  .object({
    intent: z.literal("checkout"),
    key: z.string().regex(CHECKOUT_KEY_PATTERN, V.pattern),
    // a value that is none of the three (a forged form) gets the same message as none chosen, never zod's English
    paymentMethod: z.enum(PAYMENT_METHODS, { errorMap: () => ({ message: V.fieldRequired }) }),
    name: nameSchema,
    phone: makePhoneSchema("RU"),
    email: optionalEmail,
    receiptEmail: optionalEmail,
    comment: commentSchema,
    preOrderAt: z.string().max(40).optional(),
    personCount: z.coerce.number().int().min(1).max(99).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.paymentMethod === "CARD_ONLINE" && !value.receiptEmail) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["receiptEmail"], message: V.receiptEmailRequired });
    }
  });
export type CheckoutInput = z.infer<typeof checkoutSchema>;

/**
 * The form parsed with `checkoutSchema`, its messages in the customer's language (the browser passes its
 * translator, the action the request's). zod skips the object's refinement while another field fails, so the
 * receipt e-mail rule is reported with the others here: every failing field shows at once, on both sides.
 */
export function parseCheckoutForm(formData: FormData, t: TFunction) {
  const submission = parseWithZod(formData, { schema: checkoutSchema });
  // not only status "error": a blur's validation (conform's "validate" intent) has no status, and its messages need
  // translating as much as a submit's
  if (submission.status === "success" || !submission.error) return submission;
  const receipt = formData.get("receiptEmail");
  if (
    !submission.error.receiptEmail?.length &&
    formData.get("paymentMethod") === "CARD_ONLINE" &&
    !(typeof receipt === "string" && receipt.trim())
  ) {
    submission.error.receiptEmail = [V.receiptEmailRequired];
  }
  // conform's reply() reads this same error record, so translating in place is what both sides report
  for (const [name, messages] of Object.entries(submission.error)) {
    if (messages) submission.error[name] = messages.map((message) => translateValidation(message, t));
  }
  return submission;
}
