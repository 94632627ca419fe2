import { parseWithZod } from "@conform-to/zod";
import { redirect } from "@remix-run/node";
import { safeRedirect } from "remix-utils/safe-redirect";
import { z } from "zod";
import { commitHeaders } from "~server/session";
import { signOut } from "./auth.server";

const schema = z.object({ intent: z.literal("sign-out").default("sign-out"), redirectTo: z.string().max(2000).optional() });

export async function signOutAction(request: Request) {
  const submission = parseWithZod(await request.formData(), { schema });
  const redirectTo = submission.status === "success" ? submission.value.redirectTo : undefined;
  await signOut(request);
  return redirect(safeRedirect(redirectTo, "/"), { status: 303, headers: await commitHeaders(request) });
}
