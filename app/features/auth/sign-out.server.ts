import { parseWithZod } from "@conform-to/zod";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { readForm } from "~/features/forms/read-form.server";
import { redirectTarget } from "~/lib/redirect-target";
import { commitHeaders } from "~server/session";
import { signOut } from "./auth.server";

const schema = z.object({ intent: z.literal("sign-out").default("sign-out"), redirectTo: z.string().max(2000).optional() });

export async function signOutAction(request: Request) {
  const submission = parseWithZod(await readForm(request), { schema });
  const redirectTo = submission.status === "success" ? submission.value.redirectTo : undefined;
  await signOut(request);
  return redirect(redirectTarget(redirectTo, "/"), { status: 303, headers: await commitHeaders(request) });
}
