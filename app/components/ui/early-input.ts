/**
 * What the customer typed or chose in the server's form before the scripts took it over (issue 36 §1, ADR 150).
 *
 * The storefront starts its scripts after the first paint (ADR 080, 121), and some forms hydrate later still, when
 * their code has arrived (ADR 114, 124, 126). Meanwhile the server's form is live: a customer types a quantity, picks
 * a modifier, a payment method, an address. React's hydration then takes the controls over with the values it
 * rendered on the server, and loses the customer's in three ways: a controlled control is reset at its first
 * re-render (a quantity falls back to 1); a radio group whose server-checked radio the customer moved away from is
 * checked back while hydrating (React re-applies `defaultChecked`); a textarea with text gets its server text back.
 *
 * One mechanism for every form (uncontrolled fields kept by the DOM alone are covered too):
 * 1. In the component's first render on the client, while React is still hydrating it, `readEarlyInput` reads the
 *    form's controls from the server's DOM — before React has claimed them — and keeps those the customer changed
 *    (value ≠ default value, checkedness ≠ default checkedness, a selected option ≠ the default one). A form React
 *    already owns (a client navigation renders a fresh form) or a form nobody touched gives nothing.
 * 2. In a layout effect (after the hydration's commit, before the browser paints) `useEarlyInput` writes the
 *    customer's values back into the controls (undoing what the hydration reset) and hands them to the
 *    component's `apply`, which moves its own state (a controlled quantity, the chosen modifiers) to them.
 * The first render stays the server's, so the hydration never mismatches; the customer never sees the reset.
 */
import { useEffect, useLayoutEffect, useState } from "react";

/** The customer's changes to one form: for each control name they changed, the values it holds now. */
export interface EarlyInput {
  /** the names the customer changed */
  readonly names: readonly string[];
  /** the value of a one-value control (text, number, select, a radio group), or undefined when it was not changed */
  value(name: string): string | undefined;
  /** every value of a name (checked boxes of a group, a multiple select); [] when none is set now */
  values(name: string): readonly string[];
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** whether React has claimed this server node (hydration sets its fiber key on the node it adopts) */
export function ownedByReact(node: object): boolean {
  return Object.keys(node).some((key) => key.startsWith("__reactFiber$") || key.startsWith("__reactProps$"));
}

const isControl = (element: Element): element is Control =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;

function changed(control: Control): boolean {
  if (control instanceof HTMLSelectElement)
    return [...control.options].some((option) => option.selected !== option.defaultSelected);
  if (control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio"))
    return control.checked !== control.defaultChecked;
  if (
    control instanceof HTMLInputElement &&
    (control.type === "hidden" || control.type === "submit" || control.type === "button" || control.type === "file")
  )
    return false;
  return control.value !== control.defaultValue;
}

function currentValues(control: Control): string[] {
  if (control instanceof HTMLSelectElement) return [...control.selectedOptions].map((option) => option.value);
  if (control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio"))
    return control.checked ? [control.value] : [];
  return [control.value];
}

/**
 * The changes the customer made to form `formId` (its controls, including those outside it with `form=`), read
 * from the server's DOM. null on the server, for a form React already owns, a missing form, or an untouched one.
 */
export function readEarlyInput(formId: string): EarlyInput | null {
  if (typeof document === "undefined" || !formId) return null;
  const form = document.getElementById(formId);
  if (!(form instanceof HTMLFormElement) || ownedByReact(form)) return null;
  const controls = [...form.elements].filter(isControl).filter((control) => control.name && !control.disabled);
  const names = [...new Set(controls.filter(changed).map((control) => control.name))];
  if (names.length === 0) return null;
  const byName = new Map<string, string[]>();
  for (const name of names) byName.set(name, controls.filter((control) => control.name === name).flatMap(currentValues));
  return {
    names,
    value: (name) => byName.get(name)?.[0] ?? (byName.has(name) ? "" : undefined),
    values: (name) => byName.get(name) ?? [],
  };
}

/** Writes the customer's values back into the form's controls of those names (what the hydration may have reset). */
export function restoreEarlyInput(formId: string, early: EarlyInput): void {
  const form = document.getElementById(formId);
  if (!(form instanceof HTMLFormElement)) return;
  for (const control of [...form.elements].filter(isControl)) {
    if (!early.names.includes(control.name)) continue;
    const values = early.values(control.name);
    if (control instanceof HTMLSelectElement) {
      for (const option of control.options) option.selected = values.includes(option.value);
    } else if (control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio")) {
      control.checked = values.includes(control.value);
    } else if (values[0] !== undefined && control.value !== values[0]) {
      control.value = values[0];
    }
  }
}

const useIsomorphicLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * Keeps what the customer typed or chose in form `formId` before this component hydrated: read in the first render,
 * written back and handed to `apply` (to move controlled state) before the first paint. Call it in the component
 * that renders the form; `formId` must be the id the server rendered (a fixed id, or `useId()`'s).
 */
export function useEarlyInput(formId: string, apply?: (early: EarlyInput) => void): void {
  const [early] = useState(() => readEarlyInput(formId));
  useIsomorphicLayoutEffect(() => {
    if (!early) return;
    restoreEarlyInput(formId, early);
    apply?.(early);
    // once, for the values typed before the hydration
  }, []);
}
