import { fieldWithMessage, firstMessage, submittedValue, type FormResult } from "~/features/forms/form-result";
/**
 * Where the sign-in screen shows an action's error (issue 14 §11, ADR 079): beside the field it is about when
 * that field is on the page, otherwise above the methods. Without JavaScript the page after a refused code
 * request can be the phone step while the error is about the code step (the upstream's "too frequent" answer:
 * its cookie is committed with the answer, the page was drawn from the request's): that error must still show.
 */
export type AuthStep = "phone" | "code";
export interface ActionError {
  intent: string;
  error: string;
  field?: "phone" | "code";
}

/** "phone": in the phone form (beside its field); "code": beside the code field; "general": above the methods; null: none */
export function errorPlacement(step: AuthStep, action: ActionError | undefined): "phone" | "code" | "general" | null {
  if (!action || !action.error) return null;
  if (step === "code" && (action.field === "code" || action.intent === "verify" || action.intent === "resend")) return "code";
  if (step === "phone" && action.intent === "request-code" && action.field !== "code") return "phone";
  return "general";
}

/** What errorPlacement needs, read from the action's submission result (ADR 103); undefined without a message. */
export function actionError(result: FormResult | null | undefined): ActionError | undefined {
  const error = firstMessage(result);
  if (!result || !error) return undefined;
  const field = fieldWithMessage(result, ["phone", "code"] as const);
  return { intent: submittedValue(result, "intent") ?? "", error: field ? result.error![field]![0]! : error, field };
}
