/**
 * The client's address for rate limits. remix-utils' getClientIPAddress needs the `is-ip` peer package, which
 * is not installed (see the issue 6 report); this reads the same headers in the same order with node:net.
 * Only trust these headers behind a proxy that sets them (the Docker deployment runs behind one).
 */
import { isIP } from "node:net";

const HEADERS = [
  "x-client-ip",
  "x-forwarded-for",
  "http-x-forwarded-for",
  "fly-client-ip",
  "cf-connecting-ip",
  "fastly-client-ip",
  "true-client-ip",
  "x-real-ip",
  "x-cluster-client-ip",
  "x-forwarded",
  "forwarded-for",
  "forwarded",
  "do-connecting-ip",
  "oxygen-buyer-ip",
] as const;

export function getClientAddress(request: Request): string | null {
  for (const name of HEADERS) {
    const value = request.headers.get(name);
    if (!value) continue;
    for (const part of value.split(",")) {
      let candidate = part.trim();
      if (name === "forwarded") {
        const match = /for="?\[?([^\]";]+)/i.exec(candidate);
        candidate = match?.[1] ?? "";
      }
      if (isIP(candidate)) return candidate;
    }
  }
  return null;
}
