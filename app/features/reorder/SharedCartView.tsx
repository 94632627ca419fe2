import { Form, Link, useNavigation } from "react-router";
import { useTranslation } from "~/i18n/react";
import { formatMoney } from "~/lib/money";
import type { SharedCartView as View } from "~/features/reorder/reorder.server";

/**
 * A shared cart opened by anyone (issue 18 §2), or a past order to repeat (§1: its own title, a line about the
 * order and its own "not found" text): today's lines and prices, what is left out, and one form.
 */
export function SharedCartView({
  view,
  error,
  title,
  invalidText,
  otherRestoTexts,
  children,
}: {
  view: View;
  error: string | null;
  title?: string;
  invalidText?: string;
  /** message keys for another restaurant's lines (with and without a current restaurant) */
  otherRestoTexts?: { current: string; none: string };
  children?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const heading = title ?? t("reorder.sharedTitle");
  if (view.kind === "invalid") {
    return (
      <Section title={heading}>
        <p role="alert">{invalidText ?? t("reorder.invalid")}</p>
        <Link to="/" className="self-start rounded-full bg-brand px-5 py-2 font-semibold text-on-brand">
          {t("reorder.toMenu")}
        </Link>
      </Section>
    );
  }
  if (view.kind === "other-resto") {
    return (
      <Section title={heading}>
        {children}
        <p data-testid="shared-other-resto">
          {view.currentResto
            ? t(otherRestoTexts?.current ?? "reorder.otherResto", { shared: view.sharedResto, current: view.currentResto })
            : t(otherRestoTexts?.none ?? "reorder.otherRestoNone", { shared: view.sharedResto })}
        </p>
        <Link to={view.switchTo} className="self-start rounded-full bg-brand px-5 py-2 font-semibold text-on-brand" data-testid="shared-switch">
          {t("reorder.switchResto", { shared: view.sharedResto })}
        </Link>
      </Section>
    );
  }
  const money = (minor: number) => formatMoney(minor, view.currency, i18n.language === "en" ? "en-US" : "ru-RU");
  const busy = navigation.state === "submitting";
  return (
    <Section title={heading}>
      {children}
      <p className="text-muted">{t("reorder.sharedIntro", { resto: view.restoName })}</p>
      <ul className="flex flex-col divide-y divide-line" aria-label={heading}>
        {view.lines.map((line) => (
          <li key={line.key} className="flex items-start justify-between gap-3 py-2" data-testid="shared-line">
            <span className="min-w-0">
              <span className="font-medium">{line.name}</span> × {line.count}
              {line.modifiers.length > 0 ? <span className="block text-sm text-muted">{line.modifiers.join(", ")}</span> : null}
            </span>
            <span className="shrink-0 font-semibold">{money(line.sum)}</span>
          </li>
        ))}
      </ul>
      {view.leftOut.length > 0 ? (
        <div role="note" className="rounded-xl bg-surface p-3 text-sm" data-testid="shared-left-out">
          <p className="font-medium">{t("reorder.leftOutTitle")}</p>
          <ul className="list-disc pl-5">
            {view.leftOut.map((l, i) => (
              <li key={i}>
                {!l.name
                  ? t("reorder.leftOutGoneUnnamed")
                  : l.reason === "gone"
                    ? t("reorder.leftOutGone", { name: l.name })
                    : l.reason === "modifier-gone"
                      ? t("reorder.leftOutModifier", { name: l.name })
                      : t("reorder.leftOutUnavailable", { name: l.name })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {view.lines.length > 0 ? <p className="font-semibold">{t("reorder.total", { amount: money(view.total) })}</p> : null}
      {error ? (
        <p role="alert" className="text-danger">
          {error}
        </p>
      ) : null}
      {view.lines.length > 0 ? (
        <Form method="post" className="self-start">
          <button type="submit" name="intent" value="add" disabled={busy} className="rounded-full bg-brand px-5 py-2.5 font-semibold text-on-brand disabled:opacity-60" data-testid="shared-add">
            {t("reorder.addToCart")}
          </button>
        </Form>
      ) : (
        <Link to="/" className="self-start rounded-full bg-brand px-5 py-2 font-semibold text-on-brand">
          {t("reorder.toMenu")}
        </Link>
      )}
    </Section>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-4 py-6">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {children}
    </section>
  );
}
