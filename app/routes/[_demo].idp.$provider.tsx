import type { MetaFunction } from "react-router";
import { Form, useActionData, useLoaderData } from "react-router";
import { useId } from "react";
import { useTranslation } from "~/i18n/react";
import { demoIdpAction, demoIdpLoader } from "~/features/auth/demo-idp.server";
import { withMessages } from "~/i18n/route-messages.server";
import type { Route } from "./+types/[_demo].idp.$provider";
import { requestContextOf } from "~/shell/request.server";

/**
 * Demo only (ADR 032): a stand-in for Google's / Apple's sign-in when the brand configures no client id. It
 * posts a "demo-google:<email>" / "demo-apple:<email>" identity token through the same sign-in path as the
 * real scripts' tokens (x-external-id-token); the upstream twin accepts it. 404 outside demo mode.
 */
function pageLoader({ context, params }: Route.LoaderArgs) {
  const rc = requestContextOf(context);
  return demoIdpLoader(rc, params.provider ?? "");
}
export const loader = withMessages("routes/[_demo].idp.$provider", pageLoader);

export function action({ context, params }: Route.ActionArgs) {
  const rc = requestContextOf(context);
  return demoIdpAction(rc, params.provider ?? "");
}

export const meta: MetaFunction = () => [{ title: "Demo sign-in" }, { name: "robots", content: "noindex" }];

export default function DemoIdp() {
  const { providerName, redirectTo } = useLoaderData<typeof loader>();
  const action = useActionData<{ error: string }>();
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="mx-auto flex max-w-md flex-col gap-4 py-10" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="text-2xl font-semibold">
        {t("auth.demoIdp.title", { provider: providerName })}
      </h1>
      <p className="text-muted">{t("auth.demoIdp.intro", { provider: providerName })}</p>
      <Form method="post" className="flex flex-col gap-3">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <label htmlFor={`${id}-email`} className="font-medium">
          {t("auth.demoIdp.email")}
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          defaultValue="guest@demo-pizza.example"
          className="w-full rounded-xl border border-line bg-surface px-4 py-3 text-lg"
        />
        {action?.error ? (
          <p role="alert" className="text-sm text-red-300">
            {action.error}
          </p>
        ) : null}
        <button type="submit" className="rounded-full bg-brand px-5 py-3 font-semibold text-on-brand">
          {t("auth.demoIdp.allow")}
        </button>
      </Form>
      <a href={`/auth?redirectTo=${encodeURIComponent(redirectTo)}`} className="rounded-full border border-line px-5 py-3 text-center">
        {t("auth.demoIdp.deny")}
      </a>
    </section>
  );
}
