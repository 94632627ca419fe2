/**
 * Every document and `.data` answer may show one customer's state (the cart badge, the signed-in phone, the
 * saved address): none may be kept by a shared cache (issue 14 §9, ADR 078). `private, no-cache`: a shared
 * cache never stores it, the browser revalidates before reuse, and — unlike `no-store` — the page stays
 * eligible for the back/forward cache. A route that already said something stricter (`no-store`: the cart,
 * the order) keeps it; anything weaker or public is replaced.
 */
export const PERSONALISED_CACHE_CONTROL = "private, no-cache";

export function personalisedCacheControl(headers: Headers): Headers {
  const current = headers.get("Cache-Control");
  if (current && /\bno-store\b/i.test(current) && !/\bpublic\b/i.test(current)) return headers;
  headers.set("Cache-Control", PERSONALISED_CACHE_CONTROL);
  return headers;
}
