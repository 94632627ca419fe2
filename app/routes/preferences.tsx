import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { preferencesAction } from "~/shell/preferences.server";

/** Preferences (locale, 18+, consent, legacy storage): one action per intent, see preferences.server.ts. */
export const action = (args: ActionFunctionArgs) => preferencesAction(args);

export function loader() {
  return redirect("/", 302);
}
