import { data, redirect } from "react-router";
import { Link, useActionData } from "react-router";
import { useTranslation } from "~/i18n/react";
import { appleAction } from "~/features/auth/apple.server";
import { withMessages } from "~/i18n/route-messages.server";
import type { Route } from "./+types/auth_.apple";
import { requestContextOf } from "~/shell/request.server";

/**
 * POST /auth/apple: starts Sign in with Apple (ADR 034). Apple's form_post goes to /auth/apple/callback (a
 * resource route); when it fails it sends the customer here, `?failed`, to say so.
 */
export function action({ context }: Route.ActionArgs) {
  const rc = requestContextOf(context);
  return appleAction(rc);
}

function pageLoader({ context }: Route.LoaderArgs) {
  const rc = requestContextOf(context);
  if (rc.url.searchParams.has("failed")) return data(null, { status: 400 });
  return redirect("/auth", 302);
}
export const loader = withMessages("routes/auth_.apple", pageLoader);

export default function AppleCallbackError() {
  const answer = useActionData<{ error: string }>();
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-md flex-col gap-4 py-10">
      <h1 className="text-2xl font-semibold">{t("auth.title")}</h1>
      <p role="alert">{answer?.error ?? t("auth.errors.externalFailed")}</p>
      <Link to="/auth" className="rounded-full border border-line px-5 py-3 text-center">
        {t("auth.anotherWay")}
      </Link>
    </section>
  );
}
