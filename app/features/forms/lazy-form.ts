/**
 * conform's `useForm` whose browser validation arrives after the first view (issue 13, ADR 104).
 *
 * "The same zod schema on both sides" (ADR 103) put zod, conform's zod parser and libphonenumber's metadata
 * into the first view of every page with a form (+54 KB gzip on the cart). None of it is needed to draw the
 * form — conform's runtime alone gives the ids, names, values and `aria-*` — only to check what is typed. So
 * each form names the module that validates it, `useLazyForm(options, () => import("./x").then((m) => m.parseX))`,
 * and that module is fetched when the browser is first idle after hydration or as soon as the customer
 * touches the form (focus, pointer, input), whichever comes first.
 *
 * Until it has arrived the form validates only on submit and has no `onValidate`, so a submit goes to the
 * action, which parses with the same schema and answers 400 with the same messages (what happens without
 * JavaScript anyway). `shouldValidate` must stay "onSubmit" meanwhile: conform without `onValidate` would send
 * the form to the server for a blur's validation. A field the customer left (blur) before the module arrived
 * is validated the moment it does, so no blur goes unchecked — unless the form was submitted meanwhile: then the
 * action's answer stands (the browser cannot know a spent promo code). From then on it is ADR 103's form: a field is
 * checked on blur, then again on each input.
 */
import { useForm, type FormMetadata, type Submission } from "@conform-to/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation, type TFunction } from "~/i18n/react";
import { whenIdleOrTouched } from "~/lib/when-idle";
import { useEarlyInput, type EarlyInput } from "~/components/ui/early-input";

/** The browser's half of a form's schema: the form's data parsed, its messages in the customer's language. */
export type BrowserValidator<Output> = (formData: FormData, t: TFunction) => Submission<Output>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's own bound for a form's shape
type Shape = Record<string, any>;
type Options<Schema extends Shape> = Omit<Parameters<typeof useForm<Schema>>[0], "onValidate" | "shouldValidate" | "shouldRevalidate">;

/** the events that show the customer is about to use the form: load the validator now */
const INTENT_EVENTS = ["focusin", "pointerdown", "input"] as const;

/** The form an event's target belongs to (a control's own `form`, else the nearest enclosing one). */
export function formOf(target: EventTarget | null): HTMLFormElement | null {
  if (!(target instanceof Element)) return null;
  const owner = (target as Partial<HTMLInputElement>).form;
  return owner instanceof HTMLFormElement ? owner : target.closest("form");
}

/**
 * `useForm(options)` plus the lazily loaded validation: `load` resolves to the form's `BrowserValidator`
 * (the same parse the action runs). Returns what `useForm` returns. What the customer typed or picked in the
 * server's form before it hydrated is kept (ADR 150); `onEarlyInput` hears of it, for a form's controlled state.
 */
export function useLazyForm<Schema extends Shape>(
  options: Options<Schema>,
  load: () => Promise<BrowserValidator<Schema>>,
  onEarlyInput?: (early: EarlyInput) => void,
) {
  const { t } = useTranslation();
  const [validator, setValidator] = useState<BrowserValidator<Schema> | null>(null);
  const loadRef = useRef(load);
  loadRef.current = load;
  const started = useRef(false);
  const [failures, setFailures] = useState(0);
  const fetchValidator = useCallback(() => {
    if (started.current) return;
    started.current = true;
    loadRef.current().then(
      (validate) => setValidator(() => validate),
      // offline or a new deployment's chunk names: the action still validates; the next touch tries again
      // (a browser that remembers the failed module fails again at once, which changes nothing)
      () => {
        started.current = false;
        setFailures((n) => n + 1);
      },
    );
  }, []);

  const [form, fields] = useForm<Schema>({
    ...options,
    ...(validator
      ? { onValidate: ({ formData }) => validator(formData, t), shouldValidate: "onBlur", shouldRevalidate: "onInput" }
      : { onValidate: undefined, shouldValidate: "onSubmit", shouldRevalidate: "onSubmit" }),
  });

  useEarlyInput(form.id, onEarlyInput);

  // fields left before the validator arrived: checked as soon as it does
  const leftEarly = useRef(new Set<string>());
  const formId = form.id;
  useEffect(() => {
    if (validator) return;
    // after a failed fetch only a touch tries again (no retry loop while the browser is idle and offline)
    const schedule = failures === 0 ? whenIdleOrTouched(fetchValidator) : { touched: fetchValidator, cancel: () => {} };
    const ours = (event: Event) => formOf(event.target)?.id === formId;
    const touched = (event: Event) => {
      if (ours(event)) schedule.touched();
    };
    const left = (event: Event) => {
      const name = (event.target as Partial<HTMLInputElement> | null)?.name;
      if (ours(event) && name) leftEarly.current.add(name);
    };
    // a submit sent every field to the action, whose answer is the last word on them: checking them again when
    // the code arrives would replace a refusal only the server can make (a spent promo code) with "valid"
    const submitted = (event: Event) => {
      if (ours(event)) leftEarly.current.clear();
    };
    for (const type of INTENT_EVENTS) document.addEventListener(type, touched, true);
    document.addEventListener("focusout", left, true);
    document.addEventListener("submit", submitted, true);
    return () => {
      schedule.cancel();
      for (const type of INTENT_EVENTS) document.removeEventListener(type, touched, true);
      document.removeEventListener("focusout", left, true);
      document.removeEventListener("submit", submitted, true);
    };
  }, [validator, formId, fetchValidator, failures]);

  // conform has the new options by now (useForm hands them over in a layout effect, before this effect)
  useEffect(() => {
    if (!validator || leftEarly.current.size === 0) return;
    const names = [...leftEarly.current];
    leftEarly.current.clear();
    if (!document.forms.namedItem(formId)) return;
    for (const name of names) (form as FormMetadata<Shape>).validate({ name });
  }, [validator, form, formId]);

  return [form, fields] as const;
}
