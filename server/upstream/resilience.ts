/**
 * Upstream resilience (issue 8): GETs are retried with exponential backoff on transient failures
 * (no answer, timeout, 5xx) — POSTs never are (orders and sign-in must not repeat); and a circuit
 * breaker fails every call fast while the upstream keeps failing, then lets one call through after
 * `halfOpenAfterMs` and closes again when it succeeds — recovery needs no restart. Built on cockatiel.
 */
import {
  BrokenCircuitError,
  ConsecutiveBreaker,
  ExponentialBackoff,
  circuitBreaker,
  handleWhen,
  noop as noopPolicy,
  retry,
  type IPolicy,
} from "cockatiel";
import { telemetry } from "../telemetry";
import { ApiError, isApiError, NETWORK_ERROR_MESSAGE } from "./errors";

export interface ResilienceOptions {
  /** extra attempts of a failing GET (default 2) */
  getRetries?: number;
  /** first backoff delay in ms, doubled each attempt (default 100) */
  retryDelayMs?: number;
  /** consecutive transient failures that open the circuit (default 5); false turns the breaker off */
  breakerThreshold?: number | false;
  /** how long the circuit stays open before a trial call (default 10 s) */
  halfOpenAfterMs?: number;
}

/** No answer, no answer in time, or a server error: worth retrying and counting against the upstream. */
export function isTransient(error: unknown): boolean {
  return isApiError(error) && (error.kind === "network" || error.kind === "timeout" || (error.kind === "http" && error.status >= 500));
}

export interface Resilience {
  get<T>(method: string, path: string, call: () => Promise<T>): Promise<T>;
  post<T>(method: string, path: string, call: () => Promise<T>): Promise<T>;
  /** "closed" (healthy), "open" (failing fast) or "half-open" (trying one call) */
  state(): "closed" | "open" | "half-open";
}

/** A metric label for an upstream path: ids and tokens become `:id` (a leading number is the API version, kept), so the label set stays small. */
export function endpointOf(method: string, path: string): string {
  const segments = path
    .split("?")[0]!
    .split("/")
    .map((segment, i) => ((i > 1 && /^\d+$/.test(segment)) || /^[0-9a-f-]{16,}$/i.test(segment) || segment.length > 40 ? ":id" : segment));
  return `${method} ${segments.join("/")}`;
}

export function createResilience(options: ResilienceOptions = {}): Resilience {
  const transient = handleWhen(isTransient);
  const retries = options.getRetries ?? 2;
  const retryPolicy: IPolicy =
    retries > 0
      ? retry(transient, {
          maxAttempts: retries,
          backoff: new ExponentialBackoff({ initialDelay: options.retryDelayMs ?? 100, maxDelay: 2_000 }),
        })
      : noopPolicy;
  const threshold = options.breakerThreshold ?? 5;
  const breaker =
    threshold === false
      ? null
      : circuitBreaker(transient, { halfOpenAfter: options.halfOpenAfterMs ?? 10_000, breaker: new ConsecutiveBreaker(threshold) });
  // operators' view (issue 16): 0 closed, 1 half-open, 2 open
  breaker?.onStateChange((s) => {
    const state = String(s);
    telemetry.set("upstream_breaker_state", {}, state === "1" || state === "3" ? 2 : state === "2" ? 1 : 0);
  });

  async function guarded<T>(method: string, path: string, call: () => Promise<T>): Promise<T> {
    if (!breaker) return call();
    try {
      return await breaker.execute(call);
    } catch (error) {
      if (error instanceof BrokenCircuitError) {
        telemetry.observe("upstream_call_duration_seconds", { endpoint: endpointOf(method, path), outcome: "breaker_open" }, 0);
        // spec §8: the customer sees the network-failure message; the code says why it was fast
        throw new ApiError({ kind: "network", code: "circuit-open", message: NETWORK_ERROR_MESSAGE, method, path, cause: error });
      }
      throw error;
    }
  }

  return {
    get: (method, path, call) => guarded(method, path, () => retryPolicy.execute(call)),
    post: (method, path, call) => guarded(method, path, call),
    state: () => {
      if (!breaker) return "closed";
      const s = String(breaker.state);
      // cockatiel's CircuitState enum: 0 Closed, 1 Open, 2 HalfOpen, 3 Isolated
      return s === "1" || s === "3" ? "open" : s === "2" ? "half-open" : "closed";
    },
  };
}
