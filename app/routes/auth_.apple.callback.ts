import { redirect } from "react-router";
import { appleCallbackAction } from "~/features/auth/apple.server";
import type { Route } from "./+types/auth_.apple.callback";
import { requestContextOf } from "~/shell/request.server";

/**
 * POST /auth/apple/callback: Sign in with Apple's form_post (issue 14 §7, ADR 034). A resource route (no
 * default export), because React Router refuses a cross-origin POST to a route with UI before any action runs.
 */
export function action({ context }: Route.ActionArgs) {
  const rc = requestContextOf(context);
  return appleCallbackAction(rc);
}

export function loader() {
  return redirect("/auth", 302);
}
