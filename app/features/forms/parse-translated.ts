/**
 * `parseWithZod` whose messages come out translated (ADR 103): the schemas carry i18n keys (~/lib/validation),
 * the customer reads text. The same call validates in the browser (`onValidate`, loaded after the first view:
 * ADR 104) and in the action. Kept apart from form-result.ts so that the first view does not carry zod.
 */
import { parseWithZod } from "@conform-to/zod";
import type { ZodIssue, ZodTypeAny } from "zod";
import type { TFunction } from "~/i18n/translator";
import { translateValidation } from "~/i18n/validation";

export function parseTranslated<Schema extends ZodTypeAny>(formData: FormData | URLSearchParams, schema: Schema, t: TFunction) {
  return parseWithZod(formData, {
    schema,
    formatError: (issues: ZodIssue[]) => issues.map((issue) => translateValidation(issue.message, t)),
  });
}
