import { useHydrated } from "remix-utils/use-hydrated";

/**
 * With JavaScript a form runs as a fetcher and asks for JSON instead of a 303 (see cart-actions.server.ts):
 * this hidden `js=1` field is rendered only once the page is hydrated, so a form posted without JavaScript
 * never carries it.
 */
export function JsFlag() {
  return useHydrated() ? <input type="hidden" name="js" value="1" /> : null;
}
