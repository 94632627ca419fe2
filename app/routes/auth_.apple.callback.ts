import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { appleCallbackAction } from "~/features/auth/apple.server";

/**
 * POST /auth/apple/callback: Sign in with Apple's form_post (issue 14 §7, ADR 034). A resource route (no
 * default export), because Remix 2 refuses a cross-origin POST to a route with UI before any action runs.
 */
export function action({ request }: ActionFunctionArgs) {
  return appleCallbackAction(request);
}

export function loader() {
  return redirect("/auth", 302);
}
