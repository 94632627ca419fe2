/**
 * The one action-result shape of the storefront's forms (issue 13 §5, ADR 103): conform's `SubmissionResult`,
 * made by `submission.reply()` in the action and handed to `useForm({ lastResult })` in the component. Field
 * messages sit under the field's name, form-level ones (a refused SMS, an upstream failure) under "" — both
 * already in the customer's language. Browser-safe: the component and the action read it alike.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ZodIssue, ZodTypeAny } from "zod";
import type { TFunction } from "~/i18n/translator";
import { translateValidation } from "~/i18n/validation";

export type FormResult = SubmissionResult<string[]>;

/**
 * `parseWithZod` whose messages come out translated: the schemas carry i18n keys (~/lib/validation), the
 * customer reads text. The same call validates in the browser (`onValidate`) and in the action.
 */
export function parseTranslated<Schema extends ZodTypeAny>(formData: FormData | URLSearchParams, schema: Schema, t: TFunction) {
  return parseWithZod(formData, {
    schema,
    formatError: (issues: ZodIssue[]) => issues.map((issue) => translateValidation(issue.message, t)),
  });
}

/** The value a form sent under `name` (a hidden `intent`, say), as the result echoes it back. */
export function submittedValue(result: FormResult | null | undefined, name: string): string | null {
  const value = result?.initialValue?.[name];
  return typeof value === "string" ? value : null;
}

/** The form-level message of a result ("" in conform's error record), or null. */
export function formMessage(result: FormResult | null | undefined): string | null {
  return result?.error?.[""]?.[0] ?? null;
}

/** The first message of a result: a field's, else the form's; null when it has none. */
export function firstMessage(result: FormResult | null | undefined): string | null {
  for (const messages of Object.values(result?.error ?? {})) if (messages?.[0]) return messages[0];
  return null;
}

/** The field (among `names`) that has a message, or undefined. */
export function fieldWithMessage<Name extends string>(
  result: FormResult | null | undefined,
  names: readonly Name[],
): Name | undefined {
  return names.find((name) => Boolean(result?.error?.[name]?.[0]));
}
