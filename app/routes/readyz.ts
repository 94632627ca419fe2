import { getContext } from "~/services.server";

/** Readiness: the upstream clock answers (GET /1/now), so the storefront can serve customers. */
export async function loader() {
  const { upstream } = getContext();
  try {
    await upstream.clock.sync();
    return Response.json(
      { status: "ready", clockOffsetMs: upstream.clock.offsetMs(), circuit: upstream.http.circuit() },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    return Response.json(
      { status: "unavailable", reason: error instanceof Error ? error.message : "unknown" },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}
