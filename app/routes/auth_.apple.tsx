import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { appleAction } from "~/features/auth/apple.server";

/** POST /auth/apple: starts Sign in with Apple, and receives Apple's form_post callback (ADR 034). */
export function action({ request }: ActionFunctionArgs) {
  return appleAction(request);
}

export function loader() {
  return redirect("/auth", 302);
}

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
