import { useFetchers, useNavigation, useSubmit } from "react-router";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import { cartWrites } from "~/features/forms/write-queue";

/**
 * Issue 15 §10 (ADR 085): the order is submitted only while no fetcher of the page is under way.
 *
 * The router gives a navigation its load id only after lazy route discovery; a fetcher action (saving the
 * payment choice, a count, the promo code) that finishes inside that window counts as newer, and its
 * revalidation aborts the order's redirect to /checkout/<key> and completes it with the cart's data: the order
 * is placed and the customer stays on the cart. /checkout/<key> is a dynamic route, so the router asks for
 * discovery on every such redirect. So a submit made while a fetcher is busy waits for it (the button shows
 * the pending label), then goes; and while the order is on its way the cart starts no fetcher (the cart's
 * controls are inert, `useOrderPending`).
 */
export function useOrderSubmit() {
  const fetchersBusy = useFetchers().some((f) => f.state !== "idle");
  // a cart write the customer made a moment ago may not be rendered yet (router state comes in a transition): the
  // queue knows at once (ADR 208) — a tap on the payment method and on 'Оформить заказ' in one breath
  const writesPending = useSyncExternalStore(
    cartWrites.subscribe,
    () => cartWrites.pending,
    () => false,
  );
  const busy = fetchersBusy || writesPending;
  const submit = useSubmit();
  const [queued, setQueued] = useState(false);
  /** the order as it was tapped, waiting for the writes made before it (ADR 217) */
  const tapped = useRef<FormData | null>(null);

  /**
   * The order goes: from now until its navigation is done, a cart write is dropped (the cart's controls are inert
   * then, but a tap in the same moment comes before React has drawn that) — its revalidation would race the
   * order's redirect (ADR 085, 208) — and a second submit of the form is too.
   */
  const send = useCallback(
    (formData: FormData) => {
      cartWrites.freeze();
      void submit(formData, { method: "post", action: "/cart" }).finally(() => cartWrites.thaw());
    },
    [submit],
  );

  useEffect(() => {
    if (!queued || busy || !tapped.current) return;
    const formData = tapped.current;
    tapped.current = null;
    setQueued(false);
    send(formData);
  }, [queued, busy, send]);

  // a form that leaves the page before its order went lets the cart's writes go again
  useEffect(
    () => () => {
      if (!tapped.current) return;
      tapped.current = null;
      cartWrites.thaw();
    },
    [],
  );

  return {
    /**
     * the form's onSubmit, after its own checks: the order goes now, or once the writes on their way are done — as
     * it was when tapped (ADR 217): its fields are read now, and writes tapped after it are dropped
     */
    submit(event: FormEvent<HTMLFormElement>) {
      event.preventDefault();
      if (cartWrites.frozen) return; // this order is on its way, or waits to go, already
      const formData = tappedForm(event);
      if (!(fetchersBusy || cartWrites.pending)) return send(formData);
      tapped.current = formData;
      cartWrites.close();
      setQueued(true);
    },
  };
}

/** the form's data at the tap, its submit button's name and value included (as the browser itself would send) */
function tappedForm(event: FormEvent<HTMLFormElement>): FormData {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  const data = new FormData(event.currentTarget);
  if (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) {
    if (submitter.name) data.append(submitter.name, submitter.value);
  }
  return data;
}

/** The order is being submitted (or waits for a fetcher): the cart's own forms keep still meanwhile. */
export function useOrderPending() {
  const navigation = useNavigation();
  // from the tap on, also while the order waits for the writes made before it (ADR 217)
  const held = useSyncExternalStore(
    cartWrites.subscribe,
    () => cartWrites.frozen,
    () => false,
  );
  return held || (navigation.state !== "idle" && navigation.formData?.get("intent") === "checkout");
}
