import { getContext } from "~/services.server";

/** Liveness: the process is up and answers. */
export function loader() {
  const { version, startedAt, config } = getContext();
  return Response.json(
    { status: "ok", version, brand: config.brand.whiteLabel, uptimeSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
