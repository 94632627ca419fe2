/**
 * The client's address for rate limits (issue 14 §3, ADR 031): the one Express computes from the socket and
 * TRUST_PROXY (`req.ip`), handed to the app by server.mjs in the load context (server/context.ts) — never a
 * header the client sends. `X-Forwarded-For` counts only when a trusted proxy (TRUST_PROXY) set it, and Express has already
 * applied that rule. Without a load context (the Vite dev server, a test calling an action directly) every
 * client shares one "unknown" bucket: a per-address limit is never switched off.
 */
import { isIP } from "node:net";

export const UNKNOWN_CLIENT_ADDRESS = "unknown";

export function getClientAddress(context: { clientAddress?: string } | null | undefined): string {
  let address = typeof context?.clientAddress === "string" ? context.clientAddress.trim() : "";
  // an IPv4 client on a dual-stack socket: "::ffff:203.0.113.7" is "203.0.113.7"
  if (address.toLowerCase().startsWith("::ffff:") && isIP(address.slice(7)) === 4) address = address.slice(7);
  return isIP(address) ? address.toLowerCase() : UNKNOWN_CLIENT_ADDRESS;
}
