import { getContext } from "~server/context";

const noStore = { "Cache-Control": "no-store" };

/** Liveness: the process is up and answers. */
export function liveness() {
  const { version, startedAt, config } = getContext();
  return Response.json(
    { status: "ok", version, brand: config.brand.whiteLabel, uptimeSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000) },
    { headers: noStore },
  );
}

/** Readiness: the upstream clock answers (GET /1/now), so the storefront can serve customers. */
export async function readiness() {
  const { upstream } = getContext();
  try {
    await upstream.clock.sync();
    return Response.json({ status: "ready", clockOffsetMs: upstream.clock.offsetMs(), circuit: upstream.http.circuit() }, { headers: noStore });
  } catch (error) {
    return Response.json({ status: "unavailable", reason: error instanceof Error ? error.message : "unknown" }, { status: 503, headers: noStore });
  }
}
