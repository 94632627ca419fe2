import { redirect } from "react-router";
import { signOutAction } from "~/features/auth/sign-out.server";
import type { Route } from "./+types/auth_.sign-out";
import { requestContextOf } from "~/shell/request.server";

/** POST /auth/sign-out (spec §4): clears tokens and stored person data, keeps the cart, 303 back. */
export function action({ context }: Route.ActionArgs) {
  const rc = requestContextOf(context);
  return signOutAction(rc);
}

export function loader() {
  return redirect("/", 302);
}
