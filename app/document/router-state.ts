/**
 * Waits until React Router has decoded the state the server streamed into the document, before the hydration starts
 * (ADR 220).
 *
 * `HydratedRouter` decodes that state on its first render and suspends there (it throws the decoding's promise) with no
 * Suspense boundary above it: it is the root. A concurrent render only waits for the promise. But a discrete event (a
 * key, a tap) arriving after `hydrateRoot` and before that first render makes React 18 hydrate the root synchronously;
 * the router suspends inside that synchronous render, React turns it into an error, and the hydration of the whole
 * document is given up (error #345, "Root did not complete").
 * The customer who typed into the server's form while the page loaded is left with a page whose scripts never run.
 *
 * Calling the component once before `hydrateRoot` starts the decoding; its first statement creates the router and
 * throws the decoding's promise before any hook runs. Once the promise settles, the hydration's first render finds the
 * state decoded and does not suspend. Anything else the call throws (a React Router that decodes elsewhere and reaches
 * its hooks) is not waited for: the hydration starts as it would have.
 */
export async function routerStateDecoded(hydratedRouter: (props: Record<string, never>) => unknown): Promise<void> {
  let thrown: unknown;
  try {
    hydratedRouter({});
    return;
  } catch (error) {
    thrown = error;
  }
  if (isThenable(thrown)) await Promise.resolve(thrown).catch(() => {});
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";
}
