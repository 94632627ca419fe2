/** Links between the popup's steps: the draft's query plus changes (null removes a field). Isomorphic. */
export function locationHref(query: Record<string, string>, extra: Record<string, string | null> = {}): string {
  const params = new URLSearchParams(query);
  for (const [key, value] of Object.entries(extra)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const search = params.toString();
  return search ? `/location?${search}` : "/location";
}

/** The address part of a draft: dropped when the address changes. */
export const ADDRESS_FIELDS = ["addr", "street", "house", "lat", "lng", "q", "placeId"] as const;

export function without(query: Record<string, string>, keys: readonly string[]): Record<string, string> {
  const out = { ...query };
  for (const key of keys) delete out[key];
  return out;
}
