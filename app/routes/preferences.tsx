import { redirect } from "react-router";
import { preferencesAction } from "~/shell/preferences.server";
import type { Route } from "./+types/preferences";
import { requestContextOf } from "~/shell/request.server";

/** Preferences (locale, 18+, consent, legacy storage): one action per intent, see preferences.server.ts. */
export const action = ({ context }: Route.ActionArgs) => preferencesAction(requestContextOf(context));

export function loader() {
  return redirect("/", 302);
}
