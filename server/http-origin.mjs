/**
 * Which origin a request is on, and whether a POST comes from it (issue 14 §8, ADR 077). Plain ESM so that
 * server.mjs (run by node without a build) and the unit tests share it.
 *
 * One answer is computed per request and used for three things that must agree: server.mjs's cross-site
 * refusal, the URL of the Request handed to React Router, and the host React Router's own action check compares the
 * Origin header with. When PUBLIC_ORIGIN is set it is the truth: a proxy that does not forward Host
 * (nginx's default sends `Host: <upstream address>` and no X-Forwarded-Host) no longer makes a same-site
 * form post look cross-site.
 */

/**
 * @param {{ publicOrigin?: string | null, protocol: string, host?: string | null }} input
 * @returns {string} an origin such as "https://order.example.com"
 */
export function siteOrigin({ publicOrigin, protocol, host }) {
  if (publicOrigin) return new URL(publicOrigin).origin;
  try {
    const url = new URL(`${protocol}://${host ?? ""}`);
    // "a.example/x" or "user@a.example" as a Host header: not a host, nothing to trust
    if (url.pathname !== "/" || url.username || url.password || url.search || url.hash || !host) return `${protocol}://localhost`;
    return url.origin;
  } catch {
    return `${protocol}://localhost`;
  }
}

/**
 * Whether a state-changing request (POST…) may reach an action.
 * - Sec-Fetch-Site: cross-site → no (the browser says so);
 * - an Origin → only this site's;
 * - `Origin: null` (an opaque origin: a sandboxed frame, a data: URL, a no-referrer policy) → only when the
 *   browser also says Sec-Fetch-Site: same-origin; otherwise it may be a sandboxed frame on another site;
 * - no Origin (not a browser: browsers send one on every POST) → yes.
 * @param {{ origin?: string | null, secFetchSite?: string | null, site: string }} input
 */
export function mayPost({ origin, secFetchSite, site }) {
  if (secFetchSite === "cross-site") return false;
  if (origin === undefined || origin === null || origin === "") return true;
  if (origin === "null") return secFetchSite === "same-origin";
  return origin === site;
}

/**
 * The headers React Router's own cross-site check reads, made to agree with the decision above: the host it
 * compares with is the site's, and an accepted `Origin: null` (which that check cannot compare) is dropped.
 * A client's own X-Forwarded-Host never reaches the app.
 * @param {Headers} headers the Request headers for React Router (changed in place)
 * @param {string} site
 */
export function alignForRouter(headers, site) {
  headers.set("x-forwarded-host", new URL(site).host);
  if (headers.get("origin") === "null") headers.delete("origin");
  return headers;
}
