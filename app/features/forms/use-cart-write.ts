/**
 * A cart write from a fetcher, one at a time with the others (ADR 119): sent at once when no other cart write is on
 * its way, else queued behind it (`cartWrites`), so that it starts from the cookie the other's answer set. The
 * cart's lines, its person count, promo code, payment choice and clearing all write the same cookie.
 */
import { useFetchers, type FetcherWithComponents, type SubmitOptions } from "react-router";
import type { FormEvent } from "react";
import { cartWrites, isCartWrite } from "./write-queue";

type Submit = FetcherWithComponents<unknown>["submit"];
type Target = Parameters<Submit>[0];

/** `key` is the fetcher's (`useFetcher({ key })`): its own write is not one it waits for */
export function useCartWrite(key: string, fetcher: { submit: Submit }) {
  const othersWriting = useFetchers().some((f) => f.key !== key && isCartWrite(f));
  return {
    /** a `fetcher.Form`'s `onSubmit` (after the form's own checks): the form submits itself, or waits in the queue */
    onSubmit(event: FormEvent<HTMLFormElement>) {
      if (!othersWriting || event.defaultPrevented) return;
      event.preventDefault();
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      const target = submitter instanceof HTMLButtonElement ? submitter : event.currentTarget;
      const options: SubmitOptions = { method: "post", action: "/cart", preventScrollReset: true };
      cartWrites.push(() => fetcher.submit(target, options));
    },
    /** `fetcher.submit`, or the same call later, after the writes before it were answered */
    submit(target: Target, options: SubmitOptions) {
      if (othersWriting) cartWrites.push(() => fetcher.submit(target, options));
      else fetcher.submit(target, options);
    },
  };
}
