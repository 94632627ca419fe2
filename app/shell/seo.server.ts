/** Canonical URLs for catalog pages: the configured public origin (PUBLIC_ORIGIN), else the request's. */
import { getContext } from "~server/context";

export function pageUrls(request: Request, path?: string) {
  const url = new URL(request.url);
  const origin = (getContext().config.env.PUBLIC_ORIGIN ?? url.origin).replace(/\/$/, "");
  return { origin, canonical: origin + (path ?? url.pathname) };
}
