/**
 * A cart write from a fetcher, one at a time with the others (ADR 119): sent at once when no other cart write is on
 * its way, else queued behind it (`cartWrites`), so that it starts from the cookie the other's answer set. Either
 * way it goes through `cartWrites`, which counts it as pending until the fetcher's submit settles (ADR 208). The
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
  const write = (target: Target, options: SubmitOptions) => {
    const send = () => fetcher.submit(target, options);
    // the queue knows of another writer's write at once; the render only once React has drawn it (ADR 208)
    if (othersWriting || cartWrites.pendingExcept(key)) cartWrites.push(send, key);
    else cartWrites.send(send, key);
  };
  return {
    /**
     * a `fetcher.Form`'s `onSubmit` (after the form's own checks): the write is sent now or waits in the queue —
     * through `cartWrites` either way, so that the order knows at once that it is on its way (ADR 208)
     */
    onSubmit(event: FormEvent<HTMLFormElement>) {
      if (event.defaultPrevented) return;
      event.preventDefault();
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      const target = submitter instanceof HTMLButtonElement ? submitter : event.currentTarget;
      // the form's own action: the cart's forms post to /cart, a position's add form to its own route
      const action = event.currentTarget.getAttribute("action") ?? "/cart";
      write(target, { method: "post", action, preventScrollReset: true });
    },
    /** `fetcher.submit`, or the same call later, after the writes before it were answered */
    submit(target: Target, options: SubmitOptions) {
      write(target, options);
    },
  };
}
