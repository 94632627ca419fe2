import { parseTranslated } from "~/features/forms/parse-translated";
import { redirect } from "react-router";
import { z } from "zod";
import { readForm } from "~/features/forms/read-form.server";
import { redirectTarget } from "~/lib/redirect-target";
import type { RequestContext } from "~server/context";

const schema = z.object({ intent: z.literal("sign-out").default("sign-out"), redirectTo: z.string().max(2000).optional() });

export async function signOutAction(rc: RequestContext) {
  const submission = parseTranslated(await readForm(rc), schema, rc.t);
  const redirectTo = submission.status === "success" ? submission.value.redirectTo : undefined;
  // the session is revoked, not only this browser's cookie: a copy of the cookie signs no one in (ADR 073)
  await rc.person.signOut({ revoke: true });
  return redirect(redirectTarget(redirectTo, "/"), { status: 303, headers: await rc.session.commitHeaders() });
}
