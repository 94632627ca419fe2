/**
 * The one redirect-target rule (issue 14 §2, ADR 075): every place that sends a customer to an address the
 * request chose — an action's 303, a loader's redirect, a rendered link such as the location popup's close
 * link — passes that address through `redirectTarget` first.
 *
 * A target is kept only when it is a path on this site AFTER the WHATWG URL parser (what browsers run on a
 * Location header or an href) has normalised it: the parser drops tabs and newlines anywhere, trims control
 * characters and spaces, reads `\` as `/`, and resolves `.` segments — so `/\t/evil.example`, `/\evil.example`
 * and `/.//evil.example` all mean `//evil.example`, another site. The answer is the normalised form
 * (path + query + fragment, non-ASCII percent-encoded), which is also safe as a header value (no 500s).
 * Pure and isomorphic: the server and the browser bundle use the same function.
 */

/** an origin no request can have: relative targets are resolved against it, then must stay on it */
const BASE = "https://redirect-target.invalid";
const MAX_LENGTH = 2000;
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A same-origin path (normalised) for `value`, or `fallback` when `value` is absent or could leave the site. */
export function redirectTarget(value: unknown, fallback = "/"): string {
  const normalised = sameOriginPath(value);
  return normalised ?? fallback;
}

/** The normalised same-origin path of `value`, or null when it is not one. */
export function sameOriginPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return null;
  // browsers silently drop these (tab, CR, LF) or trim them (the rest); a header cannot carry CR/LF at all
  if (CONTROL.test(value)) return null;
  // only paths: no scheme, no host, no protocol-relative or backslash tricks, no leading space
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  const path = normalise(value);
  if (path === null) return null;
  // the normalised form must itself be a plain path that a second parse leaves as it is:
  // "/.//evil.example" normalises to "//evil.example", which a browser would read as another host
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return null;
  if (normalise(path) !== path) return null;
  return path;
}

function normalise(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
