import { getContext, redisStatus } from "~/services.server";

/**
 * Readiness: the upstream clock answers (GET /1/now), so the storefront can serve customers. Redis is an
 * accelerator (ADR 070): `redis: "down"` says the container serves from in-process state, but it stays
 * ready — every container shares the one Redis, and taking them all out of the balancer would turn a
 * slower-to-share storefront into no storefront.
 */
export async function loader() {
  const { upstream } = getContext();
  try {
    await upstream.clock.sync();
    return Response.json(
      { status: "ready", clockOffsetMs: upstream.clock.offsetMs(), circuit: upstream.http.circuit(), redis: redisStatus() },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    return Response.json(
      { status: "unavailable", reason: error instanceof Error ? error.message : "unknown", redis: redisStatus() },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}
