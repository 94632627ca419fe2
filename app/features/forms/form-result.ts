/**
 * The one action-result shape of the storefront's forms (issue 13 §5, ADR 103): conform's `SubmissionResult`,
 * made by `submission.reply()` in the action and handed to `useForm({ lastResult })` in the component. Field
 * messages sit under the field's name, form-level ones (a refused SMS, an upstream failure) under "" — both
 * already in the customer's language. Browser-safe: the component and the action read it alike. Nothing of
 * zod here (ADR 104): the first view of a page with a form imports this; the parsing is in parse-translated.ts.
 */
import type { SubmissionResult } from "@conform-to/react";

export type FormResult = SubmissionResult<string[]>;

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
