import type { Services } from "~server/services";

const noStore = { "Cache-Control": "no-store" };

/** Liveness: the process is up and answers. */
export function liveness(services: Services) {
  const { version, startedAt, config } = services;
  return Response.json(
    { status: "ok", version, brand: config.brand.whiteLabel, uptimeSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000) },
    { headers: noStore },
  );
}

/**
 * Readiness: the upstream clock answers (GET /1/now), so the storefront can serve customers. Redis is an
 * accelerator (ADR 070): `redis: "down"` says the container serves from in-process state, but it stays
 * ready — every container shares the one Redis, and taking them all out of the balancer would turn a
 * slower-to-share storefront into no storefront. `ledger` is the order ledger's own connection (ADR 145), which
 * reconnects on its own: while it is `down` orders are refused with "try again in a minute" (it fails closed), even
 * when `redis` is already `up` again.
 */
export async function readiness(services: Services) {
  const { upstream, redis } = services;
  // off without REDIS_URL; else whether Redis is answering right now
  const redisStatus = () => (redis ? redis.guard.state() : "off");
  const ledgerStatus = () => (redis ? (redis.ledger.status === "ready" ? "up" : "down") : "off");
  try {
    await upstream.clock.sync();
    return Response.json({ status: "ready", clockOffsetMs: upstream.clock.offsetMs(), circuit: upstream.http.circuit(), redis: redisStatus(), ledger: ledgerStatus() }, { headers: noStore });
  } catch (error) {
    return Response.json({ status: "unavailable", reason: error instanceof Error ? error.message : "unknown", redis: redisStatus(), ledger: ledgerStatus() }, { status: 503, headers: noStore });
  }
}
