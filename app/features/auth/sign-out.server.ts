import { parseWithZod } from "@conform-to/zod";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { readForm } from "~/features/forms/read-form.server";
import { redirectTarget } from "~/lib/redirect-target";
import { commitHeaders, getState } from "~server/session";
import { getRevocationStore } from "~server/auth/revocation";
import { signOut } from "./auth.server";

const schema = z.object({ intent: z.literal("sign-out").default("sign-out"), redirectTo: z.string().max(2000).optional() });

export async function signOutAction(request: Request) {
  const submission = parseWithZod(await readForm(request), { schema });
  const redirectTo = submission.status === "success" ? submission.value.redirectTo : undefined;
  // the session is revoked, not only this browser's cookie: a copy of the cookie signs no one in (ADR 073)
  const { session_id } = await getState(request, "auth");
  if (session_id) await getRevocationStore().revoke(session_id);
  await signOut(request);
  return redirect(redirectTarget(redirectTo, "/"), { status: 303, headers: await commitHeaders(request) });
}
