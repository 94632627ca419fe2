import { useFetcher } from "react-router";
import { useCartWrite } from "~/features/forms/use-cart-write";
import { useId, useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "~/i18n/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Layer } from "~/components/ui/Layer";
import { formatModifierToken, parseModifierToken } from "~/lib/cart";
import { formatMeasure } from "~/lib/measure";
import { formatMoney } from "~/lib/money";
import { availabilityText } from "./availability";
import { Gallery } from "~/components/ui/Gallery";
import { ldJson, menuItemLd } from "./jsonld";
import { ServerJsonLd } from "~/components/ui/ServerJsonLd";
import { useEarlyInput } from "~/components/ui/early-input";
import type { ModifierGroupView, PositionDetailView } from "./menu-view.server";

/** What the position layer's action answers on bad input (400). */
export interface PositionActionData {
  errors: string[];
  /** groupId → message */
  groupErrors: Record<number, string>;
  values: { count: number; modifier: string[] };
}

type Choice = Record<number, Record<number, number>>;

function parseChoice(values: readonly string[]): Choice {
  const choice: Choice = {};
  for (const v of values) {
    const m = parseModifierToken(v);
    if (m) (choice[m.modifierGroupId] ??= {})[m.itemId] = m.count;
  }
  return choice;
}

const groupTotal = (choice: Choice, groupId: number) => Object.values(choice[groupId] ?? {}).reduce((s, n) => s + n, 0);

function ruleText(t: ReturnType<typeof useTranslation>["t"], g: ModifierGroupView) {
  if (g.maxCount === 1) return g.minCount >= 1 ? t("menu.chooseOne") : t("menu.optional");
  if (g.maxCount > 0 && g.minCount === g.maxCount) return t("menu.chooseExactly", { count: g.minCount });
  if (g.maxCount > 0 && g.minCount > 0) return t("menu.chooseRange", { min: g.minCount, max: g.maxCount });
  if (g.maxCount > 0) return t("menu.chooseUpTo", { count: g.maxCount });
  if (g.minCount > 0) return t("menu.chooseAtLeast", { count: g.minCount });
  return t("menu.optional");
}

/**
 * The body of the position layer (issue 4 §3): photos with the gallery, description, time slots, modifier
 * groups (radio for max 1, checkboxes otherwise; the maximum disables further choices and the minimum blocks
 * adding, with messages — the server checks both again), a price that follows the choice, count and add.
 * Without JavaScript it is a plain form: the server answers 400 with the same messages.
 */
export function PositionDetail({
  position,
  currency,
  origin,
  actionData,
  closeTo,
  onClose,
}: {
  position: PositionDetailView;
  currency: string;
  origin: string;
  actionData?: PositionActionData | null;
  closeTo: string;
  onClose?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const formId = useId();
  // the −/+ buttons need JavaScript; without it the number field alone sets the count
  const hydrated = useHydrated();
  // this layer's own fetcher (its answer is not another position's); the add writes the cart's cookie: one cart
  // write at a time (ADR 119, 208)
  const fetcherKey = `position-add-${formId}`;
  const fetcher = useFetcher<PositionActionData>({ key: fetcherKey });
  const write = useCartWrite(fetcherKey, fetcher);
  const answer = fetcher.data ?? actionData ?? null;
  const [choice, setChoice] = useState<Choice>(() => parseChoice(actionData?.values.modifier ?? []));
  const [count, setCount] = useState(actionData?.values.count ?? 1);
  const [clientErrors, setClientErrors] = useState<Record<number, string>>({});
  // a count typed or modifiers chosen on the server's form before the scripts took it over are the customer's (ADR 150)
  useEarlyInput(formId, (early) => {
    const typed = early.value("count");
    if (typed !== undefined && Number(typed) >= 1) setCount(Math.min(99, Math.floor(Number(typed))));
    if (early.names.includes("modifier")) setChoice(parseChoice(early.values("modifier")));
  });
  const measure = formatMeasure(position.measure, t, i18n.language);

  const unitPrice = useMemo(() => {
    let sum = position.price;
    for (const g of position.modifiers) for (const item of g.items) sum += item.price * (choice[g.id]?.[item.id] ?? 0);
    return sum;
  }, [choice, position]);
  const total = unitPrice * Math.max(1, Math.min(99, count || 1));
  const groupErrors = { ...(answer?.groupErrors ?? {}), ...clientErrors };

  const minMessage = (g: ModifierGroupView) => t("menu.modifierMin", { name: g.name, count: g.minCount });

  const toggle = (g: ModifierGroupView, itemId: number, on: boolean) => {
    setChoice((prev) => {
      const group = g.maxCount === 1 ? {} : { ...(prev[g.id] ?? {}) };
      if (on) group[itemId] = 1;
      else delete group[itemId];
      return { ...prev, [g.id]: group };
    });
    setClientErrors((prev) => {
      const next = { ...prev };
      delete next[g.id];
      return next;
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const missing: Record<number, string> = {};
    for (const g of position.modifiers) if (groupTotal(choice, g.id) < g.minCount) missing[g.id] = minMessage(g);
    if (Object.keys(missing).length > 0) {
      event.preventDefault();
      setClientErrors(missing);
      const first = position.modifiers.find((g) => missing[g.id]);
      if (first) document.getElementById(`modifier-group-${first.id}`)?.scrollIntoView({ block: "center", behavior: "smooth" });
      return;
    }
    write.onSubmit(event);
  };

  const busy = fetcher.state !== "idle";
  const money = (minor: number) => formatMoney(minor, currency, i18n.language);
  // schema.org for crawlers, built on the server only (ADR 110)
  const ld = import.meta.env.SSR
    ? ldJson({
        "@context": "https://schema.org",
        ...menuItemLd({ ...position, modifiers: position.modifiers }, currency, origin),
      })
    : "";

  return (
    <Layer
      title={position.name}
      closeTo={closeTo}
      onClose={onClose}
      maxWidth="40rem"
      testId="position-layer"
      footer={
        // the add button keeps its text on one line: beside the count while it fits (360 px), under it below that
        <div className="flex flex-wrap items-center gap-2">
          {/* one width with and without JavaScript (the −/+ buttons come with it): the add button beside it, or the row
              under it, does not move when the scripts take over (w-32 = two 36 px buttons, a 48 px field, two gaps) */}
          <div className="flex w-32 shrink-0 items-center gap-1" role="group" aria-label={t("menu.count")}>
            {hydrated ? (
              <button
                type="button"
                className="size-9 rounded-full bg-bg text-lg disabled:opacity-40"
                onClick={() => setCount((c) => Math.max(1, c - 1))}
                disabled={count <= 1}
                aria-label={t("menu.decrease")}
              >
                −
              </button>
            ) : null}
            <input
              name="count"
              form={formId}
              type="number"
              inputMode="numeric"
              min={1}
              max={99}
              value={count}
              onChange={(e) => setCount(Math.max(1, Math.min(99, Number(e.currentTarget.value) || 1)))}
              aria-label={t("menu.count")}
              className={`h-10 rounded-xl border border-line bg-bg text-center ${hydrated ? "w-12 [appearance:textfield]" : "w-full"}`}
            />
            {hydrated ? (
              <button
                type="button"
                className="size-9 rounded-full bg-bg text-lg disabled:opacity-40"
                onClick={() => setCount((c) => Math.min(99, c + 1))}
                disabled={count >= 99}
                aria-label={t("menu.increase")}
              >
                +
              </button>
            ) : null}
          </div>
          <button
            type="submit"
            form={formId}
            disabled={busy || !position.available}
            className="min-w-44 flex-1 whitespace-nowrap rounded-full bg-brand px-4 py-3 font-semibold text-on-brand disabled:opacity-60"
            data-testid="position-add"
          >
            {busy ? t("menu.adding") : t("menu.addWithPrice", { price: money(total) })}
          </button>
        </div>
      }
    >
      <fetcher.Form
        id={formId}
        method="post"
        preventScrollReset
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
        noValidate
        data-testid="position-detail"
      >
        <input type="hidden" name="intent" value="add" />
        <Gallery photos={position.photos} alt={position.name} aspect="aspect-video" />
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm text-muted">
          {measure ? <span>{measure}</span> : null}
          {position.longCooking ? <span className="text-brand">{t("menu.extendedCooking")}</span> : null}
          {position.groupName ? <span>{position.groupName}</span> : null}
        </div>
        {position.description ? (
          <div>
            <h3 className="sr-only">{t("menu.description")}</h3>
            <p>{position.description}</p>
          </div>
        ) : null}
        {position.slots.length > 0 ? (
          <div className="rounded-xl border border-line p-3 text-sm">
            <p className="font-medium">{t("menu.whenAvailable")}</p>
            <ul className="text-muted">
              {position.slots.map((s) => (
                <li key={s.from}>
                  {s.from === s.to ? t(`menu.days.${s.from}`) : `${t(`menu.days.${s.from}`)}–${t(`menu.days.${s.to}`)}`}{" "}
                  {s.ranges
                    .map((r) => `${r.startAt}–${r.endAt === "23:59" ? "24:00" : r.endAt === "00:00" ? "24:00" : r.endAt}`)
                    .join(", ")}
                </li>
              ))}
            </ul>
            {position.available ? null : (
              <p className="mt-1 font-medium text-brand" data-testid="position-unavailable">
                {availabilityText(t, position.next)}
              </p>
            )}
          </div>
        ) : null}

        {position.modifiers.map((g) => {
          const chosen = groupTotal(choice, g.id);
          const full = g.maxCount > 0 && chosen >= g.maxCount;
          const error = groupErrors[g.id];
          return (
            <fieldset
              key={g.id}
              id={`modifier-group-${g.id}`}
              className={`rounded-2xl border p-3 ${error ? "border-danger" : "border-line"}`}
              aria-describedby={`modifier-rule-${g.id}${error ? ` modifier-error-${g.id}` : ""}`}
              data-testid="modifier-group"
            >
              <legend className="px-1 font-semibold">{g.name}</legend>
              <p id={`modifier-rule-${g.id}`} className="mb-2 text-sm text-muted">
                {ruleText(t, g)}
                {g.minCount > 0 ? ` · ${t("menu.required")}` : ""}
              </p>
              <ul className="flex flex-col gap-1">
                {g.items.map((item) => {
                  const checked = (choice[g.id]?.[item.id] ?? 0) > 0;
                  const single = g.maxCount === 1;
                  return (
                    <li key={item.id}>
                      <label
                        className={`flex cursor-pointer items-center gap-3 rounded-xl px-2 py-2 hover:bg-bg ${!checked && full && !single ? "opacity-50" : ""}`}
                      >
                        <input
                          type={single ? "radio" : "checkbox"}
                          name="modifier"
                          value={formatModifierToken({ modifierGroupId: g.id, itemId: item.id, count: 1 })}
                          checked={checked}
                          disabled={!checked && full && !single}
                          onChange={(e) => toggle(g, item.id, e.currentTarget.checked)}
                          className="size-5 accent-[var(--color-brand)]"
                        />
                        <span className="flex-1">{item.name}</span>
                        {item.price > 0 ? <span className="text-sm text-muted">+{money(item.price)}</span> : null}
                      </label>
                    </li>
                  );
                })}
              </ul>
              {error ? (
                <p
                  id={`modifier-error-${g.id}`}
                  role="alert"
                  className="mt-2 text-sm font-medium text-danger"
                  data-testid="modifier-error"
                >
                  {error}
                </p>
              ) : null}
            </fieldset>
          );
        })}

        {answer?.errors.length ? (
          <ul
            role="alert"
            className="rounded-xl border border-danger p-3 text-sm font-medium text-danger"
            data-testid="position-errors"
          >
            {answer.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        ) : null}

        <ServerJsonLd json={ld} />
      </fetcher.Form>
    </Layer>
  );
}
