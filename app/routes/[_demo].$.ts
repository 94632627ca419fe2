import { requestContextOf } from "~/shell/request.server";
import type { Route } from "./+types/[_demo].$";

/**
 * Demo-only controls for the browser tests and the bench (server/demo/stand-ins.ts): 404 unless the server runs in
 * demo mode AND was started with DEMO_CONTROLS=1 — never against a real upstream.
 */
const notFound = () => new Response("Not found", { status: 404 });

export function loader({ context, params }: Route.LoaderArgs) {
  const rc = requestContextOf(context);
  return rc.services.demo?.controls?.read(params["*"] ?? "", rc.url) ?? notFound();
}

export async function action({ context, params }: Route.ActionArgs) {
  const rc = requestContextOf(context);
  return (await rc.services.demo?.controls?.act(params["*"] ?? "", rc.request, rc.session)) ?? notFound();
}
