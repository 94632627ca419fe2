import { z } from "zod";
import { AUTOCOMPLETE_MIN_CHARS } from "~/lib/constants";
import { messagesFor } from "~/i18n/locale.server";
import { checkSuggestLimit, limitedCustomer, retryWait } from "~server/auth/rate-limit";
import type { RequestContext } from "~server/context";

/**
 * BFF for address suggestions (spec §5): Google Places Autocomplete (New) with the server key, restricted to
 * the city's bounds, the customer's language and addresses, with the browser's session token.
 * GET /api/address/suggest?q=…&city=…&token=…
 *
 * Each suggestion is a paid Places call, so they are throttled per signed-in person and per client address before
 * Google is asked (ADR 143): past the limit, 429 with no suggestions, the wait in the customer's language and
 * Retry-After — typing the whole address and pressing 'Найти' still works.
 */
const querySchema = z.object({
  q: z.string().trim().min(AUTOCOMPLETE_MIN_CHARS).max(200),
  city: z.coerce.number().int().positive(),
  token: z.string().max(100).optional(),
});

export async function suggestAddresses(rc: RequestContext) {
  const url = rc.url;
  const parsed = querySchema.safeParse(Object.fromEntries(url.searchParams));
  const locale = rc.locale;
  const headers = { "Cache-Control": "private, no-store" };
  if (!parsed.success) {
    return Response.json({ suggestions: [], error: messagesFor(locale).errors.requestFailed }, { status: 400, headers });
  }
  const { upstream, geo } = rc.services;
  let city;
  try {
    city = (await upstream.catalog.cities()).value.find((c) => c.id === parsed.data.city);
  } catch {
    return Response.json({ suggestions: [], error: messagesFor(locale).errors.requestFailed }, { status: 503, headers });
  }
  if (!city) return Response.json({ suggestions: [], error: messagesFor(locale).errors.requestFailed }, { status: 400, headers });
  const limit = await checkSuggestLimit(rc.services.rateLimits, await limitedCustomer(rc));
  if (!limit.ok) {
    const wait = retryWait(limit.retryAfterSeconds);
    return Response.json(
      { suggestions: [], error: rc.t(`location.suggestRateLimited.${wait.unit}`, { count: wait.count }) },
      { status: 429, headers: { ...headers, "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const suggestions = await geo.suggest(parsed.data.q, {
    bounds: city.bounds,
    language: locale,
    sessionToken: parsed.data.token,
  });
  return Response.json({ suggestions, error: null }, { headers });
}
