import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { signOutAction } from "~/features/auth/sign-out.server";

/** POST /auth/sign-out (spec §4): clears tokens and stored person data, keeps the cart, 303 back. */
export function action({ request }: ActionFunctionArgs) {
  return signOutAction(request);
}

export function loader() {
  return redirect("/", 302);
}
