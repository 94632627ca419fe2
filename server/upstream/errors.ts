/**
 * The error every upstream call throws (spec §8 "API failure"). One class for HTTP failures, network
 * failures, timeouts and answers that do not match their schema, so loaders and actions handle one shape.
 */
import { data } from "react-router";
import { errorBodySchema } from "~/lib/model";
import { log } from "~server/log";

/** spec §8: the network failure message (long form, used for thrown fetch errors). */
export const NETWORK_ERROR_MESSAGE = "Network error when attempting to fetch resource.";
/** spec §8: the short network failure message. */
export const NETWORK_ERROR_SHORT_MESSAGE = "Network error";
/** spec §8 general fallbacks. */
export const REQUEST_FAILED_MESSAGE = "Не удалось выполнить запрос";
export const UNKNOWN_ERROR_MESSAGE = "Неизвестная ошибка";
/** spec §8: the fatal clock failure when the server gave no message. */
export const TIME_FETCH_FAILED_MESSAGE = "Failed to fetch UTC time";

/** spec §8 "Fallbacks like 'Menu groups not found' (404)": one per resource. */
export const NOT_FOUND_MESSAGES = {
  cities: "Cities not found",
  city: "City not found",
  restos: "Restos not found",
  resto: "Resto not found",
  deliveries: "Delivery zones not found",
  modifiers: "Position modifiers not found",
  timeSlots: "Position time slots not found",
  workingHours: "Working hours not found",
  promotions: "Promotions not found",
  groups: "Menu groups not found",
  positions: "Menu positions not found",
  profile: "Profile not found",
  person: "Person not found",
} as const;

/**
 * How the call failed:
 * - `http`: the upstream answered with a non-2xx status;
 * - `network`: no answer (DNS, refused, reset) or the caller aborted;
 * - `timeout`: no answer within the call's time limit;
 * - `invalid-response`: a 2xx answer that is not JSON or does not match its schema.
 */
export type ApiErrorKind = "http" | "network" | "timeout" | "invalid-response";

export interface ApiErrorEntry {
  code: string;
  message: string;
}

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  /** HTTP status; 0 when there was no answer */
  status?: number;
  statusText?: string;
  /** first errors[].code, or 'network' / 'timeout' / 'invalid-response'; null for an HTTP failure without a code */
  code?: string | null;
  /** the parsed JSON body, or the raw text when it was not JSON, or null */
  body?: unknown;
  errors?: ApiErrorEntry[];
  method?: string;
  path?: string;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly statusText: string;
  readonly code: string | null;
  readonly body: unknown;
  /** the server's errors[] (empty when the body had none) */
  readonly errors: ApiErrorEntry[];
  readonly method: string;
  readonly path: string;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status ?? 0;
    this.statusText = init.statusText ?? "";
    this.code = init.code ?? null;
    this.body = init.body ?? null;
    this.errors = init.errors ?? [];
    this.method = init.method ?? "";
    this.path = init.path ?? "";
  }

  /** The first non-empty errors[].message the server sent, if any. */
  get serverMessage(): string | null {
    return this.errors.find((e) => e.message)?.message ?? null;
  }

  /** The same failure with another message (e.g. the clock's fatal fallback). */
  withMessage(message: string): ApiError {
    const { kind, status, statusText, code, body, errors, method, path, cause } = this;
    return new ApiError({ kind, message, status, statusText, code, body, errors, method, path, cause });
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The first errors[].code the server sent (spec §8 "Preflight first error"), or null. */
export function firstErrorCode(error: unknown): string | null {
  if (!isApiError(error)) return null;
  return error.errors[0]?.code || null;
}

export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** Reads errors[{code,message}] from an error body; [] when the body has another shape. */
export function errorEntries(body: unknown): ApiErrorEntry[] {
  const parsed = errorBodySchema.safeParse(body);
  return parsed.success ? parsed.data.errors : [];
}

interface HttpFailure {
  status: number;
  statusText: string;
  body: unknown;
  method: string;
  path: string;
  /** the resource's 404 fallback, e.g. 'Menu groups not found' */
  notFoundMessage?: string;
}

/**
 * spec §8: message = first errors[].message; else the resource's 404 fallback; else the HTTP status
 * text; else 'Не удалось выполнить запрос'. code = first errors[].code.
 */
export function httpError(failure: HttpFailure): ApiError {
  const errors = errorEntries(failure.body);
  const first = errors[0];
  const message =
    errors.find((e) => e.message)?.message ||
    (failure.status === 404 ? failure.notFoundMessage : undefined) ||
    failure.statusText ||
    REQUEST_FAILED_MESSAGE;
  return new ApiError({
    kind: "http",
    message,
    status: failure.status,
    statusText: failure.statusText,
    code: first?.code || null,
    body: failure.body,
    errors,
    method: failure.method,
    path: failure.path,
  });
}

/** spec §8 network failure: status 0, the long message. */
export function networkError(method: string, path: string, cause: unknown): ApiError {
  return new ApiError({ kind: "network", code: "network", message: NETWORK_ERROR_MESSAGE, method, path, cause });
}

/** A timeout is a network failure (no answer) with its own code. */
export function timeoutError(method: string, path: string, timeoutMs: number, cause: unknown): ApiError {
  return new ApiError({
    kind: "timeout",
    code: "timeout",
    message: NETWORK_ERROR_MESSAGE,
    statusText: `No answer within ${timeoutMs} ms`,
    method,
    path,
    cause,
  });
}

/** A 2xx answer that is not JSON or does not match its schema: the spec's general 'Неизвестная ошибка'. */
export function invalidResponseError(init: {
  status: number;
  statusText: string;
  body: unknown;
  method: string;
  path: string;
  cause: unknown;
}) {
  return new ApiError({ kind: "invalid-response", code: "invalid-response", message: UNKNOWN_ERROR_MESSAGE, ...init });
}

/**
 * An upstream failure while loading a page becomes the error layout with the spec's message
 * (§8: the first errors[].message, or the network/unknown fallbacks) and a 503, never a crash.
 * Anything else is a 500 whose text the error layout takes from the locale files (`errors.unknown`).
 */
export function upstreamFailure(error: unknown) {
  if (isApiError(error)) {
    log("warn", "upstream failure", { status: error.status, code: error.code, message: error.message });
    return data(error.message, { status: error.status === 404 ? 404 : 503 });
  }
  log("error", "unexpected loader failure", { error: error instanceof Error ? error.stack : String(error) });
  return data(null, { status: 500 });
}
