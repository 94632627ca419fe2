/**
 * Shared by the loader/action test suites: what a loader or action answered, normalised, and the hidden
 * honeypot fields a rendered form carries (server/honeypot.ts), as a person's browser sends them.
 */
import { services } from "./context";
import { honeypotProps } from "~server/honeypot";

export interface Answer {
  status: number;
  location: string | null;
  body: Record<string, unknown>;
  headers: Headers;
  text: string;
}

/** Normalises what a loader/action returned or threw: a Response, or React Router's data() wrapper. */
export async function settleAnswer(run: () => Promise<unknown>): Promise<Answer> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const text = await value.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = {};
    }
    return { status: value.status, location: value.headers.get("Location"), body, headers: value.headers, text };
  }
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const wrapped = value as { data: Record<string, unknown>; init: ResponseInit | null };
    const headers = new Headers(wrapped.init?.headers);
    return { status: wrapped.init?.status ?? 200, location: headers.get("Location"), body: wrapped.data, headers, text: JSON.stringify(wrapped.data) };
  }
  if (value instanceof Error) throw value;
  return { status: 200, location: null, body: value as Record<string, unknown>, headers: new Headers(), text: JSON.stringify(value) };
}

export function honeypotFields(): Record<string, string> {
  const props = honeypotProps(services().config.sessionSecrets);
  return { [props.nameFieldName]: "", [props.validFromFieldName]: props.encryptedValidFrom };
}

/**
 * The first message of an action's submission result (ADR 103: conform's `reply()`, messages under the
 * field's name or "" for the form), or null — what the customer reads beside the form.
 */
export function messageOf(body: Record<string, unknown>): string | null {
  const error = body.error as Record<string, string[] | null> | undefined;
  for (const messages of Object.values(error ?? {})) if (messages?.[0]) return messages[0];
  return null;
}

/** The messages of one field ("" for the form's own) in an action's submission result. */
export function fieldMessages(body: Record<string, unknown>, name: string): string[] | null {
  return (body.error as Record<string, string[] | null> | undefined)?.[name] ?? null;
}

/** `settleAnswer` for a value already in hand (an action's or loader's return value). */
export function answerOf(result: unknown): Promise<Answer> {
  return settleAnswer(async () => result);
}
