/**
 * The one place that talks HTTP to the upstream platform API (spec §7: a configured base address, JSON).
 * Every call: the injected fetch, a time limit, JSON in and out, `Authorization: Bearer` when a token is
 * given, the answer parsed with its zod schema, and every failure mapped to an ApiError (spec §8).
 * GETs are retried on transient failures and every call goes through a circuit breaker (resilience.ts);
 * POSTs (orders, sign-in) are never retried.
 */
import type { z } from "zod";
import { type ApiError, httpError, invalidResponseError, isApiError, networkError, timeoutError } from "./errors";
import { readBodyText } from "../read-body";
import { telemetry } from "../telemetry";
import { createResilience, endpointOf, type ResilienceOptions } from "./resilience";

/** The fetch the client uses. DESIGN.md "Wiring": injected, never a patched global. */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export type LogLevel = "debug" | "info" | "warn" | "error";
export type Logger = (level: LogLevel, msg: string, fields?: Record<string, unknown>) => void;

export type HttpMethod = "GET" | "POST";

/** Reported once per upstream call, when it ends (success or failure). */
export interface UpstreamCall {
  method: HttpMethod;
  /** the path without base address and query, e.g. /1/p/restos/173 */
  path: string;
  /** HTTP status; 0 when there was no answer */
  status: number;
  durationMs: number;
  ok: boolean;
  /** ApiError code of a failure ('network', 'timeout', 'invalid-response', or the server's code) */
  errorCode: string | null;
}

export interface HttpStats {
  /** calls started since the client was made */
  calls: number;
  /** calls that ended with an ApiError */
  failures: number;
  /** calls under way now */
  inFlight: number;
}

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  /** sent as `Authorization: Bearer <token>` */
  token?: string | null;
  headers?: Record<string, string>;
  /** message of a 404 without a server message (spec §8 fallbacks, e.g. 'Menu groups not found') */
  notFoundMessage?: string;
  /** aborts the call (e.g. the incoming request's signal) */
  signal?: AbortSignal;
  /** overrides the client's default limit for this call */
  timeoutMs?: number;
}

export interface GetOptions extends RequestOptions {
  /** null and undefined values are left out */
  query?: Query;
}

export interface HttpOptions {
  /** e.g. https://api.example.com (a path prefix is kept) */
  baseUrl: string;
  /** default: globalThis.fetch, looked up at call time */
  fetch?: FetchLike;
  timeouts?: { getMs?: number; postMs?: number };
  /** called once per call when it ends: logging, bench counting */
  onCall?: (call: UpstreamCall) => void;
  logger?: Logger;
  /** GET retries and the circuit breaker; defaults: 2 retries, open after 5 failures for 10 s */
  resilience?: ResilienceOptions;
  /** the largest answer read, in bytes (default DEFAULT_MAX_BODY_BYTES); a larger one is a wrong answer */
  maxBodyBytes?: number;
}

export interface Http {
  readonly baseUrl: string;
  get<S extends z.ZodTypeAny>(path: string, schema: S, options?: GetOptions): Promise<z.output<S>>;
  /** body undefined → no body; otherwise sent as JSON */
  post<S extends z.ZodTypeAny>(path: string, body: unknown, schema: S, options?: RequestOptions): Promise<z.output<S>>;
  stats(): HttpStats;
  /** the circuit breaker's state, for readiness and logs */
  circuit(): "closed" | "open" | "half-open";
}

export const DEFAULT_GET_TIMEOUT_MS = 5_000;
export const DEFAULT_POST_TIMEOUT_MS = 15_000;
/**
 * The largest upstream answer read into memory: 8 MiB, twenty times the twin's 1,000-position menu (0.35 MiB) and room
 * for the most records a list may hold (MAX_LIST_RECORDS, 5,000 positions with long descriptions; ADR 212). The time
 * limit alone would let a fast upstream send gigabytes (a list without its paging, say) into one process's memory and
 * one JSON.parse, which blocks the event loop (~0.8 s for 32 MiB, ~0.1 s for 8 MiB); past this, reading stops and the
 * call fails as a wrong answer.
 */
export const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024;

const noop: Logger = () => {};

export function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const url = `${baseUrl.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/** JSON of a body text: null for an empty body, { ok: false } when it is not JSON. */
function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === "") return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export function createHttp(options: HttpOptions): Http {
  const { baseUrl, onCall } = options;
  const logger = options.logger ?? noop;
  const getMs = options.timeouts?.getMs ?? DEFAULT_GET_TIMEOUT_MS;
  const postMs = options.timeouts?.postMs ?? DEFAULT_POST_TIMEOUT_MS;
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const stats: HttpStats = { calls: 0, failures: 0, inFlight: 0 };
  const resilience = createResilience(options.resilience);

  async function send<S extends z.ZodTypeAny>(
    method: HttpMethod,
    path: string,
    body: unknown,
    schema: S,
    opts: GetOptions,
  ): Promise<z.output<S>> {
    const timeoutMs = opts.timeoutMs ?? (method === "GET" ? getMs : postMs);
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    const headers: Record<string, string> = { accept: "application/json", ...opts.headers };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;

    const started = performance.now();
    let status = 0;
    let failure: ApiError | null = null;
    stats.calls++;
    stats.inFlight++;
    try {
      let response: Response;
      let text: string | null;
      try {
        response = await doFetch(buildUrl(baseUrl, path, opts.query), {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal,
        });
        status = response.status;
        text = await readBodyText(response, maxBodyBytes);
      } catch (cause) {
        // spec §8 network failure; a timeout is one with its own code
        if (timeout.aborted && !opts.signal?.aborted) throw timeoutError(method, path, timeoutMs, cause);
        throw networkError(method, path, cause);
      }

      if (text === null) {
        // too large to read: a refusal stays a refusal (its status), an answer is a wrong one
        const cause = new Error(`The answer is larger than ${maxBodyBytes} bytes`);
        if (!response.ok)
          throw httpError({
            status,
            statusText: response.statusText,
            body: "",
            method,
            path,
            notFoundMessage: opts.notFoundMessage,
          });
        throw invalidResponseError({ status, statusText: response.statusText, method, path, body: null, cause });
      }
      const json = parseJson(text);
      if (!response.ok) {
        // spec §8: first errors[] entry, else status text; the body is kept (JSON, else raw text)
        const errorBody = json.ok ? json.value : text;
        throw httpError({
          status,
          statusText: response.statusText,
          body: errorBody,
          method,
          path,
          notFoundMessage: opts.notFoundMessage,
        });
      }
      const common = { status, statusText: response.statusText, method, path };
      if (!json.ok) throw invalidResponseError({ ...common, body: text, cause: new Error("The answer is not JSON") });
      // the answer came: a schema that throws on it (a refinement reading past an empty list) is a wrong answer too,
      // never a network failure (which the breaker counts and the customer reads as "check your connection")
      let parsed: z.SafeParseReturnType<unknown, z.output<S>>;
      try {
        parsed = schema.safeParse(json.value);
      } catch (cause) {
        throw invalidResponseError({ ...common, body: json.value, cause });
      }
      if (!parsed.success) throw invalidResponseError({ ...common, body: json.value, cause: parsed.error });
      return parsed.data as z.output<S>;
    } catch (error) {
      failure = isApiError(error) ? error : networkError(method, path, error);
      stats.failures++;
      logFailure(failure);
      throw failure;
    } finally {
      stats.inFlight--;
      const durationMs = Math.round(performance.now() - started);
      logger("debug", "upstream call", { method, path, status, durationMs });
      onCall?.({ method, path, status, durationMs, ok: failure === null, errorCode: failure?.code ?? null });
      telemetry.observe(
        "upstream_call_duration_seconds",
        { endpoint: endpointOf(method, path), outcome: outcomeOf(failure) },
        durationMs / 1000,
      );
    }
  }

  function logFailure(error: ApiError) {
    const fields = { method: error.method, path: error.path, status: error.status, code: error.code, message: error.message };
    if (error.kind === "invalid-response") {
      // a broken contract is worth a warning: schemas.ts and the upstream disagree
      logger("warn", "upstream answer does not match its schema", { ...fields, issues: describeCause(error.cause) });
    } else {
      logger("info", "upstream call failed", fields);
    }
  }

  return {
    baseUrl,
    get: (path, schema, opts = {}) => resilience.get("GET", path, () => send("GET", path, undefined, schema, opts)),
    post: (path, body, schema, opts = {}) => resilience.post("POST", path, () => send("POST", path, body, schema, opts)),
    stats: () => ({ ...stats }),
    circuit: () => resilience.state(),
  };
}

function outcomeOf(failure: ApiError | null): string {
  if (!failure) return "ok";
  if (failure.kind === "timeout") return "timeout";
  if (failure.kind === "invalid-response") return "invalid";
  if (failure.kind === "http") return "http_error";
  return "network";
}

function describeCause(cause: unknown): string {
  if (cause && typeof cause === "object" && "issues" in cause && Array.isArray(cause.issues)) {
    return (cause.issues as { path: (string | number)[]; message: string }[])
      .slice(0, 5)
      .map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`)
      .join("; ");
  }
  return cause instanceof Error ? cause.message : String(cause);
}
