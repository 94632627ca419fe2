import { parseTranslated } from "~/features/forms/parse-translated";
import { data, redirect } from "react-router";
import { z } from "zod";
import { readForm } from "~/features/forms/read-form.server";
import { redirectTarget } from "~/lib/redirect-target";
import { messagesFor } from "~/i18n/locale.server";
import { migrateLegacyStorage } from "~/shell/migrate.server";
import type { RequestContext } from "~server/context";

/**
 * Preferences: one action per intent (DESIGN.md). A plain form posts here and is sent back (303) to
 * the page it came from (same-origin paths only); with JavaScript the same form runs as a fetch.
 */
const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("locale"), locale: z.enum(["ru", "en", "me"]), redirectTo: z.string().max(2000).optional() }),
  // spec §6: the 18+ confirmation, remembered in the prefs cookie (issue 4)
  z.object({ intent: z.literal("adult"), redirectTo: z.string().max(2000).optional() }),
  // spec §1: the cookie consent popup (issue 7)
  z.object({ intent: z.literal("consent"), redirectTo: z.string().max(2000).optional() }),
  // issue 7: the previous storefront's local storage, sent once by the browser (JSON of raw strings)
  z.object({ intent: z.literal("migrate"), storage: z.string().max(32_000), redirectTo: z.string().max(2000).optional() }),
]);

const rawStorageSchema = z.record(z.string().max(64), z.string().max(16_000).nullable()).refine((r) => Object.keys(r).length <= 40);

export async function preferencesAction(rc: RequestContext) {
  const formData = await readForm(rc);
  const submission = parseTranslated(formData, schema, rc.t);
  if (submission.status !== "success") {
    const messages = messagesFor(rc.locale);
    return data({ error: messages.errors.requestFailed, result: submission.reply() }, { status: 400 });
  }
  const { brand } = rc.config;
  const value = submission.value;
  if (value.intent === "locale") {
    if (!brand.locales.offered.includes(value.locale)) {
      const messages = messagesFor(rc.locale);
      return data({ error: messages.errors.requestFailed, result: submission.reply() }, { status: 400 });
    }
    const prefs = await rc.session.get("prefs");
    prefs.app_locale = value.locale;
  }
  if (value.intent === "consent") {
    (await rc.session.get("prefs")).person_cookies_consent_accepted = true;
  }
  if (value.intent === "migrate") {
    let raw: unknown;
    try {
      raw = JSON.parse(value.storage);
    } catch {
      raw = null;
    }
    const storage = rawStorageSchema.safeParse(raw);
    if (!storage.success) {
      const messages = messagesFor(rc.locale);
      return data({ error: messages.errors.requestFailed, result: submission.reply() }, { status: 400 });
    }
    const result = await migrateLegacyStorage(rc, storage.data);
    // the migration fits the cart cookie to its budget (ADR 144); should a cookie still not fit, the answer says so
    // (4xx, the customer's message) with what did fit, never a 500
    const { headers, refused } = await rc.session.commitWhatFits();
    if (refused.includes("storefront")) return data({ error: messagesFor(rc.locale).errors.cookieTooLarge }, { status: 400, headers });
    return data({ migration: result }, { headers });
  }
  if (value.intent === "adult") {
    (await rc.session.get("prefs")).person_adulthood_confirmed = true;
  }
  return redirect(redirectTarget(value.redirectTo, "/"), { status: 303, headers: await rc.session.commitHeaders() });
}
