/** msw server and client factory shared by the upstream client tests (own handlers, not server/demo). */
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";
import { createUpstream, type UpstreamOptions } from "~server/upstream";
import { API_KEY, BASE, WHITE_LABEL } from "./fixtures";

/** One msw server per test file; unknown requests fail the test. */
export function setupMswServer() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/** One attempt per call and no breaker: these tests pin single-call behaviour (resilience.test.ts covers the rest). */
export const SINGLE_ATTEMPT = { getRetries: 0, breakerThreshold: false } as const;

export function makeUpstream(options: Partial<UpstreamOptions> = {}) {
  return createUpstream({ baseUrl: BASE, whiteLabel: WHITE_LABEL, apiKey: API_KEY, resilience: SINGLE_ATTEMPT, ...options });
}

/** Counts requests per "METHOD path" seen by msw. */
export function hitCounter() {
  const hits = new Map<string, number>();
  return {
    hit(request: Request) {
      const key = `${request.method} ${new URL(request.url).pathname}`;
      hits.set(key, (hits.get(key) ?? 0) + 1);
    },
    count: (key: string) => hits.get(key) ?? 0,
    total: () => [...hits.values()].reduce((a, b) => a + b, 0),
  };
}
