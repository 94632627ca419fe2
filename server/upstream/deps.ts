/** What every resource module of the upstream client is built from. */
import type { CatalogCache } from "./cache";
import type { Http, Logger } from "./http";

export interface UpstreamDeps {
  http: Http;
  cache: CatalogCache;
  /** the brand's white-label name: sent to the upstream and part of every cache key */
  whiteLabel: string;
  /** API key the upstream expects in sign-in bodies (spec §7) */
  apiKey: string;
  /** records left out of list answers are logged here (issue 19); default: not logged */
  logger?: Logger;
}

/** Cache keys carry the brand, so brands sharing one store (Redis) never see each other's data. */
export function cacheKey(deps: Pick<UpstreamDeps, "whiteLabel">, ...parts: (string | number)[]): string {
  return ["upstream", deps.whiteLabel, ...parts].join(":");
}

/** A stable text of a query for cache keys (sorted, empty values left out). */
export function queryKey(query: Record<string, string | number | boolean | null | undefined> | undefined): string {
  if (!query) return "";
  return Object.entries(query)
    .filter(([, v]) => v !== null && v !== undefined && v !== "")
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${String(v)}`)
    .join("&");
}
