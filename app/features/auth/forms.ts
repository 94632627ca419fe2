import { z } from "zod";
import { phoneSchema, smsCodeSchema } from "~/lib/validation";

/**
 * The typed fields of the sign-in forms (issue 13 §5, ADR 103): the browser validates with these (conform's
 * `onValidate`) and the action parses the same shapes, extended by its hidden fields.
 */
export const phoneFormSchema = z.object({ phone: phoneSchema });
export const codeFormSchema = z.object({ code: smsCodeSchema });
