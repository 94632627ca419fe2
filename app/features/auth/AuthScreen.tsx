import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { HoneypotFields } from "~/components/HoneypotFields";
import { Field } from "~/components/ui/Field";
import { submittedValue } from "~/features/forms/form-result";
import { useLazyForm } from "~/features/forms/lazy-form";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { AuthActionData, AuthPageData } from "./sign-in.server";
import { GoogleButton } from "./GoogleButton";
import { VkButton, VkPopupHandOver } from "./VkButton";
import { actionError, errorPlacement } from "./error-placement";
import { CaptchaField } from "./CaptchaField";

// the forms' schemas (./forms) are fetched after the first view (ADR 104)
const loadPhoneValidator = () => import("./forms").then((m) => m.parsePhoneForm);
const loadCodeValidator = () => import("./forms").then((m) => m.parseCodeForm);

/**
 * The authorization screen (spec §2 "Authorization: Google, Apple, VK, phone with SMS code entry"). Plain
 * forms posting to /auth: they work without JavaScript; with it React Router submits them without a reload. The
 * phone and code forms are conform forms (ADR 103): the browser checks them with the action's schemas, and
 * the action's submission result (`action`) comes back as their `lastResult`.
 */
export function AuthScreen({ page, action }: { page: AuthPageData; action: AuthActionData | undefined }) {
  const { t } = useTranslation();
  const { methods } = page;
  const external = methods.google || methods.apple || methods.vk;
  // errors show beside their field when it is on the page, the others above the methods (error-placement.ts)
  const placed = actionError(action);
  const generalError = errorPlacement(page.step, placed) === "general" ? placed!.error : page.error;
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-6 py-8" aria-labelledby="auth-title">
      <header className="flex flex-col gap-1">
        <h1 id="auth-title" className="text-2xl font-semibold md:text-3xl">
          {t("auth.title")}
        </h1>
        <p className="text-muted">{t("auth.intro")}</p>
      </header>
      {generalError ? <ErrorText>{generalError}</ErrorText> : null}
      {page.vkPopup ? (
        <VkPopupHandOver {...page.vkPopup} redirectTo={page.redirectTo} />
      ) : page.step === "phone" ? (
        <>
          {external ? (
            <div className="flex flex-col gap-3" role="group" aria-label={t("auth.methods")}>
              {methods.vk ? <VkButton redirectTo={page.redirectTo} oneTapUrl={page.vkOneTapUrl} /> : null}
              {methods.google ? <ExternalButton provider="google" page={page} /> : null}
              {methods.apple ? <ExternalButton provider="apple" page={page} /> : null}
            </div>
          ) : null}
          {external && methods.phone ? (
            <p className="flex items-center gap-3 text-sm text-muted" aria-hidden="true">
              <span className="h-px flex-1 bg-line" />
              {t("auth.or")}
              <span className="h-px flex-1 bg-line" />
            </p>
          ) : null}
          {methods.phone ? <PhoneStep page={page} action={action} /> : null}
        </>
      ) : (
        <CodeStep page={page} action={action} />
      )}
    </section>
  );
}

function ErrorText({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <p id={id} role="alert" className="rounded-lg border border-danger/60 bg-surface px-3 py-2 text-sm text-danger">
      {children}
    </p>
  );
}

/** Counts the submissions of this page: a captcha widget is rendered afresh for each (a token is used once). */
function useSubmissionCount() {
  const navigation = useNavigation();
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (navigation.state === "submitting") setCount((n) => n + 1);
  }, [navigation.state]);
  return count;
}

function usePending(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

const inputClass =
  "w-full rounded-xl border border-line bg-surface px-4 py-3 text-lg text-fg placeholder:text-muted focus:border-brand aria-[invalid=true]:border-danger";
const fieldClass = "flex flex-col gap-2";
const primaryClass =
  "inline-flex w-full items-center justify-center gap-2 rounded-full bg-brand px-5 py-3 font-semibold text-on-brand disabled:opacity-60";
const secondaryClass =
  "inline-flex w-full items-center justify-center gap-2 rounded-full border border-line px-5 py-3 font-medium hover:bg-surface disabled:opacity-60";

function PhoneStep({ page, action }: { page: AuthPageData; action: AuthActionData | undefined }) {
  const { t } = useTranslation();
  const placed = actionError(action);
  const [form, fields] = useLazyForm(
    { lastResult: submittedValue(action, "intent") === "request-code" ? action : undefined, defaultValue: { phone: page.phone ?? "" } },
    loadPhoneValidator,
  );
  // the field's own messages show in the Field; a refused request (captcha, rate limit) as the form's alert
  const formError = errorPlacement(page.step, placed) === "phone" && placed!.field !== "phone" ? placed!.error : null;
  const pending = usePending("request-code");
  const submissions = useSubmissionCount();
  return (
    <Form method="post" action="/auth" className="flex flex-col gap-3" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="request-code" />
      <input type="hidden" name="redirectTo" value={page.redirectTo} />
      <HoneypotFields {...page.honeypot} />
      <Field meta={fields.phone} label={t("auth.phoneLabel")} className={fieldClass} alert>
        {(wiring) => {
          const { key, ...props } = getInputProps(fields.phone, { type: "tel", ...wiring });
          return <input key={key} {...props} inputMode="tel" autoComplete="tel" placeholder={t("auth.phonePlaceholder")} className={inputClass} />;
        }}
      </Field>
      {formError ? <ErrorText id={form.errorId}>{formError}</ErrorText> : null}
      {page.captcha ? <CaptchaField key={submissions} config={page.captcha} /> : null}
      <button type="submit" className={primaryClass} disabled={pending}>
        {pending ? t("auth.pending") : t("auth.getCode")}
      </button>
    </Form>
  );
}

function CodeStep({ page, action }: { page: AuthPageData; action: AuthActionData | undefined }) {
  const { t } = useTranslation();
  const placed = actionError(action);
  const verified = submittedValue(action, "intent") === "verify";
  const [form, fields] = useLazyForm({ lastResult: verified ? action : undefined }, loadCodeValidator);
  // a refused code shows in the Field; a refused re-request (too early, captcha) beside it as an alert
  const codeError = errorPlacement(page.step, placed) === "code" && !(verified && placed!.field === "code") ? placed!.error : null;
  const pending = usePending("verify");
  const resendPending = usePending("resend");
  const seconds = useCountdown(action?.resendInSeconds ?? page.resendInSeconds);
  const hydrated = useHydrated();
  const submissions = useSubmissionCount();
  return (
    <div className="flex flex-col gap-4">
      <p>{t("auth.codeSentTo", { phone: page.phoneDisplay ?? "" })}</p>
      {page.demoCode ? (
        <p className="rounded-lg bg-surface px-3 py-2 text-sm" data-testid="demo-sms-code">
          {t("auth.demoCode", { code: page.demoCode })}
        </p>
      ) : null}
      <Form method="post" action="/auth" className="flex flex-col gap-3" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="verify" />
        <input type="hidden" name="redirectTo" value={page.redirectTo} />
        <HoneypotFields {...page.honeypot} />
        <Field meta={fields.code} label={t("auth.codeLabel")} className={fieldClass} alert>
          {(wiring) => {
            const { key, ...props } = getInputProps(fields.code, { type: "text", ...wiring });
            return <input key={key} {...props} inputMode="numeric" autoComplete="one-time-code" maxLength={8} className={`${inputClass} tracking-[0.3em]`} />;
          }}
        </Field>
        {codeError ? <ErrorText id={form.errorId}>{codeError}</ErrorText> : null}
        <button type="submit" className={primaryClass} disabled={pending}>
          {pending ? t("auth.pending") : t("auth.signInButton")}
        </button>
      </Form>
      <Form method="post" action="/auth" className="flex flex-col gap-2">
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="redirectTo" value={page.redirectTo} />
        {seconds > 0 ? (
          <p className="text-center text-sm text-muted" aria-live="polite" data-testid="resend-countdown">
            {t("auth.resendIn", { seconds })}
          </p>
        ) : null}
        {page.captcha && seconds === 0 ? <CaptchaField key={submissions} config={page.captcha} /> : null}
        {/* without JavaScript the button stays: the server refuses an early re-request and says how long */}
        <button type="submit" className={secondaryClass} disabled={resendPending || (hydrated && seconds > 0)}>
          {t("auth.resend")}
        </button>
      </Form>
      <Form method="post" action="/auth">
        <input type="hidden" name="intent" value="restart" />
        <input type="hidden" name="redirectTo" value={page.redirectTo} />
        <button type="submit" className="w-full rounded-full px-5 py-2 text-sm underline underline-offset-4 hover:text-brand">
          {t("auth.anotherWay")}
        </button>
      </Form>
    </div>
  );
}

/** Seconds left, ticking once a second with JavaScript; the server's figure without it. */
function useCountdown(initial: number) {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setEndsAt(Date.now() + initial * 1000);
    setNow(Date.now());
  }, [initial]);
  useEffect(() => {
    if (endsAt === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [endsAt]);
  if (endsAt === null || now === null) return initial;
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

function ExternalButton({ provider, page }: { provider: "google" | "apple"; page: AuthPageData }) {
  const { t, i18n } = useTranslation();
  const label = provider === "google" ? t("auth.google") : t("auth.apple");
  const configured = provider === "google" ? page.googleClientId : page.appleClientId;
  if (!configured) {
    // demo mode (ADR 032): the twin-backed stand-in instead of the provider's page
    return (
      <Link to={`/_demo/idp/${provider}?redirectTo=${encodeURIComponent(page.redirectTo)}`} className={secondaryClass}>
        {provider === "google" ? <GoogleLogo /> : <AppleLogo />}
        {label}
      </Link>
    );
  }
  if (provider === "google") return <GoogleButton clientId={configured} redirectTo={page.redirectTo} locale={i18n.language} />;
  // Sign in with Apple: a full-page redirect; Apple posts back to /auth/apple/callback (ADR 034)
  return (
    <Form method="post" action="/auth/apple" reloadDocument className="w-full">
      <input type="hidden" name="intent" value="start" />
      <input type="hidden" name="redirectTo" value={page.redirectTo} />
      <button type="submit" className={secondaryClass}>
        <AppleLogo />
        {label}
      </button>
    </Form>
  );
}

/** Google's "G" in its four colours (its sign-in branding), beside the label (issue 36 §4) */
function GoogleLogo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" width="20" height="20" className="shrink-0" data-testid="google-logo">
      <path fill="#EA4335" d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z" />
      <path fill="#FBBC05" d="M10.53 28.59A14.5 14.5 0 0 1 9.5 24c0-1.59.28-3.14.76-4.59l-7.98-6.19A23.94 23.94 0 0 0 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z" />
      <path fill="#34A853" d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z" />
    </svg>
  );
}

/** Apple's logo in the text colour (Sign in with Apple's branding: a single colour), beside the label */
function AppleLogo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="currentColor" className="shrink-0" data-testid="apple-logo">
      <path d="M16.37 12.55c-.02-2.3 1.88-3.4 1.96-3.46-1.07-1.56-2.73-1.78-3.32-1.8-1.41-.14-2.76.83-3.47.83-.72 0-1.82-.81-2.99-.79-1.54.02-2.96.9-3.75 2.27-1.6 2.78-.41 6.89 1.15 9.14.76 1.1 1.67 2.34 2.86 2.3 1.15-.05 1.58-.74 2.97-.74 1.38 0 1.77.74 2.98.72 1.23-.02 2.01-1.12 2.76-2.23.87-1.28 1.23-2.51 1.25-2.58-.03-.01-2.39-.92-2.4-3.66zM14.1 5.8c.63-.77 1.06-1.83.94-2.9-.91.04-2.02.61-2.67 1.37-.58.68-1.1 1.77-.96 2.81 1.02.08 2.06-.52 2.69-1.28z" />
    </svg>
  );
}
