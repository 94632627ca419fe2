/**
 * A page's absolute URLs (canonical link, Open Graph): on the configured public origin (PUBLIC_ORIGIN), else on
 * the request's own.
 */
export function pageUrls(at: { url: URL; config: { env: { PUBLIC_ORIGIN?: string | undefined } } }, path?: string) {
  const origin = (at.config.env.PUBLIC_ORIGIN ?? at.url.origin).replace(/\/$/, "");
  return { origin, canonical: origin + (path ?? at.url.pathname) };
}

/** An image or page URL made absolute on `origin` (already absolute URLs pass as they are). */
export function absoluteUrl(url: string | null | undefined, origin: string | undefined): string | undefined {
  if (!url) return undefined;
  if (/^https?:\/\//i.test(url)) return url;
  return origin ? origin + (url.startsWith("/") ? url : `/${url}`) : url;
}
