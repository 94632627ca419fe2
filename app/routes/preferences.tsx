import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { safeRedirect } from "remix-utils/safe-redirect";
import { z } from "zod";
import { commitHeaders, getContext, getState } from "~/services.server";
import { getLocale, messagesFor } from "~/root-data.server";

/**
 * Preferences: one action per intent (DESIGN.md). A plain form posts here and is sent back (303) to
 * the page it came from (same-origin paths only); with JavaScript the same form runs as a fetch.
 */
const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("locale"), locale: z.enum(["ru", "en", "me"]), redirectTo: z.string().max(2000).optional() }),
]);

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    const messages = messagesFor(await getLocale(request));
    return data({ error: messages.errors.requestFailed, result: submission.reply() }, { status: 400 });
  }
  const { brand } = getContext().config;
  const value = submission.value;
  if (value.intent === "locale") {
    if (!brand.locales.offered.includes(value.locale)) {
      const messages = messagesFor(await getLocale(request));
      return data({ error: messages.errors.requestFailed, result: submission.reply() }, { status: 400 });
    }
    const prefs = await getState(request, "prefs");
    prefs.app_locale = value.locale;
  }
  return redirect(safeRedirect(value.redirectTo, "/"), { status: 303, headers: await commitHeaders(request) });
}

export function loader() {
  return redirect("/", 302);
}
