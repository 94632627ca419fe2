import { z } from "zod";
import { parseTranslated } from "~/features/forms/parse-translated";
import type { TFunction } from "~/i18n/translator";
import { phoneSchema, smsCodeSchema } from "~/lib/validation";

/**
 * The typed fields of the sign-in forms (issue 13 §5, ADR 103): the browser validates with these (conform's
 * `onValidate`, loaded after the first view: ADR 104) and the action parses the same shapes, extended by its
 * hidden fields.
 */
export const phoneFormSchema = z.object({ phone: phoneSchema });
export const codeFormSchema = z.object({ code: smsCodeSchema });

/** The browser's validators of the two forms (ADR 104): the schemas above, messages translated. */
export function parsePhoneForm(formData: FormData, t: TFunction) {
  return parseTranslated(formData, phoneFormSchema, t);
}
export function parseCodeForm(formData: FormData, t: TFunction) {
  return parseTranslated(formData, codeFormSchema, t);
}
