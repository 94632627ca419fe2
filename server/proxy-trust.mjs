/**
 * Whether the rate limits can see the customer's own address (ADR 143). Plain ESM so that server.mjs (run by node
 * without a build) and the unit tests share it.
 *
 * The client address of every rate limit is Express's `req.ip`: the socket's peer, or — when TRUST_PROXY trusts the
 * peer — the right-most X-Forwarded-For entry that is not itself a trusted proxy. Nobody is trusted unless the
 * operator names the proxy, so a header a client sets never chooses its bucket. What the server cannot see from its
 * configuration it says in its log, once:
 *
 * - at start (`startWarnings`): PUBLIC_ORIGIN says a proxy is in front but TRUST_PROXY names none (every customer
 *   would share the proxy's bucket), or TRUST_PROXY trusts every peer (every client chooses its own address);
 * - at run time (`createRequestWatch`): a trusted proxy that sends no X-Forwarded-For, a private peer that sends one
 *   without being trusted, or request after request from one private peer that is not trusted — a proxy in front
 *   that nobody named.
 *
 * server.mjs wires it with two lines (`watchProxyTrust`): one at start, one per request.
 */
import { BlockList, isIP } from "node:net";

/** the one line that makes nginx send the client's address (its own is appended to what the client sent) */
export const NGINX_FORWARDED_FOR = "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;";

/** requests orchestrators send straight to the container, never through the proxy: they say nothing about it */
export const PROBE_PATHS = Object.freeze(["/healthz", "/readyz"]);

/** how many requests without X-Forwarded-For the run-time watch sees from a peer before it concludes it forwards none */
export const SAMPLE_REQUESTS = 20;

/** peers that are tracked one by one (a trusted proxy without X-Forwarded-For); more are not looked at */
const MAX_TRACKED_PEERS = 64;

/**
 * TRUST_PROXY in Express's syntax: "true"/"false" are booleans, digits a hop count, anything else a list of
 * addresses, subnets and the names `loopback`, `linklocal`, `uniquelocal`. Unset: nobody is trusted.
 * @param {string | undefined} [value]
 * @returns {boolean | number | string}
 */
export function trustProxySetting(value) {
  const text = value?.trim() ?? "";
  if (text === "" || text === "false") return false;
  if (text === "true") return true;
  return /^\d+$/.test(text) ? Number(text) : text;
}

/**
 * What is wrong with a TRUST_PROXY value, or null: Express refuses anything but booleans, hop counts and lists of
 * addresses, subnets (`10.0.0.0/8`, `10.0.0.0/255.0.0.0`) and the names `loopback`, `linklocal`, `uniquelocal` — and
 * refuses it by throwing while the server starts, so the environment's check should say it first.
 * @param {string} value
 * @returns {string | null}
 */
export function trustProxyProblem(value) {
  const setting = trustProxySetting(value);
  if (typeof setting !== "string") return null;
  for (const part of setting.split(",").map((p) => p.trim())) {
    if (["loopback", "linklocal", "uniquelocal"].includes(part) || isIP(part)) continue;
    const [address = "", bits, ...rest] = part.split("/");
    const version = isIP(address);
    const validBits =
      bits !== undefined &&
      rest.length === 0 &&
      ((/^\d+$/.test(bits) && Number(bits) <= (version === 6 ? 128 : 32)) || (version === 4 && isIP(bits) === 4));
    if (version && validBits) continue;
    return `"${part}" is not an address, a subnet (10.0.0.0/8) or loopback/linklocal/uniquelocal; name the proxy, e.g. TRUST_PROXY=10.0.0.5`;
  }
  return null;
}

/**
 * The address as the rate limits write it: an IPv4 client on a dual-stack socket ("::ffff:203.0.113.7") is its IPv4
 * address; anything that is not an address is null.
 * @param {string | null | undefined} address
 * @returns {string | null}
 */
export function normalizeAddress(address) {
  let text = typeof address === "string" ? address.trim() : "";
  if (text.toLowerCase().startsWith("::ffff:") && isIP(text.slice(7)) === 4) text = text.slice(7);
  return isIP(text) ? text.toLowerCase() : null;
}

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** addresses no customer on the internet connects from: loopback, private, link-local, shared (CGNAT), unique local */
const nonPublic = new BlockList();
nonPublic.addSubnet("127.0.0.0", 8, "ipv4");
nonPublic.addSubnet("10.0.0.0", 8, "ipv4");
nonPublic.addSubnet("172.16.0.0", 12, "ipv4");
nonPublic.addSubnet("192.168.0.0", 16, "ipv4");
nonPublic.addSubnet("169.254.0.0", 16, "ipv4");
nonPublic.addSubnet("100.64.0.0", 10, "ipv4");
nonPublic.addAddress("::1", "ipv6");
nonPublic.addSubnet("fc00::", 7, "ipv6");
nonPublic.addSubnet("fe80::", 10, "ipv6");

/** @param {string} address a normalised address */
const family = (address) => (isIP(address) === 6 ? "ipv6" : "ipv4");

/**
 * @param {string | null | undefined} address
 * @returns {boolean}
 */
export function isLoopback(address) {
  const a = normalizeAddress(address);
  return a !== null && loopback.check(a, family(a));
}

/**
 * Whether an address is one no customer on the internet has (so a peer with it is something in front of us).
 * @param {string | null | undefined} address
 * @returns {boolean}
 */
export function isNonPublic(address) {
  const a = normalizeAddress(address);
  return a !== null && nonPublic.check(a, family(a));
}

/**
 * The TRUST_PROXY value that names this peer: `loopback` for a proxy on the same host (127.0.0.1 and ::1 alike),
 * else its address.
 * @param {string} peer
 */
export function trustProxyFor(peer) {
  return isLoopback(peer) ? "loopback" : (normalizeAddress(peer) ?? peer);
}

/**
 * @param {Record<string, string | undefined>} source
 * @param {string} name
 */
const valueOf = (source, name) => {
  const value = source[name]?.trim();
  return value ? value : undefined;
};

/**
 * Pure: the start's warning lines for this environment (process.env as it is: an unset TRUST_PROXY is told apart
 * from TRUST_PROXY=false, which says "no proxy in front" and silences the first line).
 * @param {Record<string, string | undefined>} source
 * @returns {string[]}
 */
export function startWarnings(source) {
  const lines = [];
  const trustProxy = valueOf(source, "TRUST_PROXY");
  const publicOrigin = valueOf(source, "PUBLIC_ORIGIN");
  if (trustProxy === undefined && publicOrigin) {
    lines.push(
      `TRUST_PROXY is not set, so the rate limits take the address that connects to this server as the customer's; PUBLIC_ORIGIN (${publicOrigin}) ` +
        `says a proxy is in front, and then every customer shares the proxy's limits. Set TRUST_PROXY to the proxy's address as this server sees it ` +
        `(e.g. TRUST_PROXY=10.0.0.5, a subnet, or loopback) and make the proxy send the customer's address (nginx: ${NGINX_FORWARDED_FOR}). ` +
        `With no proxy in front, TRUST_PROXY=false says so and silences this line.`,
    );
  }
  const setting = trustProxySetting(trustProxy);
  const everyone =
    setting === true ||
    (typeof setting === "string" && setting.split(",").some((part) => ["0.0.0.0/0", "::/0"].includes(part.trim())));
  if (everyone) {
    lines.push(
      `TRUST_PROXY=${trustProxy} trusts every peer as a proxy: any client chooses the address its rate limits count by sending its own X-Forwarded-For. ` +
        `Name the proxy instead (TRUST_PROXY=<its address or subnet>), with nginx sending ${NGINX_FORWARDED_FOR}`,
    );
  }
  return lines;
}

/**
 * @typedef {object} SeenRequest
 * @property {string | undefined} peer the socket's address (`req.socket.remoteAddress`)
 * @property {string | undefined | null} forwardedFor the X-Forwarded-For header as it arrived (`req.get("x-forwarded-for")`)
 * @property {boolean} trusted whether Express trusts the peer as a proxy (`req.app.get("trust proxy fn")(peer, 0)`)
 * @property {string} [path] the request's path: health probes (PROBE_PATHS) are not looked at
 */

/**
 * @typedef {object} RequestWatch
 * @property {(seen: SeenRequest) => string | null} see a warning line the first time a problem shows, else null;
 *   each problem is told once per process
 */

/**
 * The run-time half: what the start cannot know, seen in the requests themselves, each told once.
 * - A trusted peer whose requests mostly carry no X-Forwarded-For (SAMPLE_REQUESTS of them, more than with one): a
 *   proxy that forwards nothing of its own, so every customer behind it is the proxy — and the few requests that do
 *   carry the header carry the client's own (a bare `proxy_pass` passes it on), which then chooses the bucket. A
 *   forwarding proxy whose host also asks the container directly now and then sends mostly forwarded requests.
 * - A private peer that TRUST_PROXY does not trust sending X-Forwarded-For: a proxy nobody named.
 * - SAMPLE_REQUESTS requests in a row from one private peer that is not trusted: a proxy that forwards nothing and
 *   that nobody named. A loopback peer counts only with PUBLIC_ORIGIN set (a proxy in front must set it); without it,
 *   a developer's browser on the same machine would be taken for a proxy.
 * The last two are one problem (the proxy is not in TRUST_PROXY) with one fix, so whichever shows first is told and
 * the other is not: a proxy that passes some clients' own header on and none for the rest shows both.
 * @param {Record<string, string | undefined>} source the environment (process.env)
 * @returns {RequestWatch}
 */
export function createRequestWatch(source) {
  const publicOrigin = Boolean(valueOf(source, "PUBLIC_ORIGIN"));
  /** @type {Set<string>} */
  const told = new Set();
  /** @type {Map<string, { without: number, with: number }>} */
  const trustedPeers = new Map();
  let runPeer = "";
  let run = 0;

  /** @param {string} kind @param {string} line */
  const tell = (kind, line) => {
    if (told.has(kind)) return null;
    told.add(kind);
    return line;
  };

  return {
    see({ peer, forwardedFor, trusted, path }) {
      if (told.size === 2) return null;
      if (path !== undefined && PROBE_PATHS.includes(path)) return null;
      const address = normalizeAddress(peer);
      if (!address) return null;
      const forwards = typeof forwardedFor === "string" && forwardedFor.trim() !== "";

      if (trusted) {
        run = 0;
        let stats = trustedPeers.get(address);
        if (!stats) {
          if (trustedPeers.size >= MAX_TRACKED_PEERS) return null;
          trustedPeers.set(address, (stats = { without: 0, with: 0 }));
        }
        if (forwards) stats.with += 1;
        else stats.without += 1;
        if (stats.without < SAMPLE_REQUESTS || stats.without <= stats.with) return null;
        return tell(
          "trusted-without-forwarded-for",
          `requests from ${address}, which TRUST_PROXY trusts as a proxy, carry no X-Forwarded-For: the rate limits count every customer behind it as ` +
            `${address}, one shared bucket. Make the proxy send the customer's address (nginx: ${NGINX_FORWARDED_FOR}); ` +
            `if ${address} is not a proxy, take it out of TRUST_PROXY.`,
        );
      }

      if (!isNonPublic(address)) {
        run = 0;
        return null;
      }
      if (forwards) {
        return tell(
          "untrusted-private-peer",
          `requests from ${address} carry X-Forwarded-For, but TRUST_PROXY does not trust ${address}: the rate limits count every customer behind it ` +
            `as ${address}, one shared bucket. If ${address} is your proxy, set TRUST_PROXY=${trustProxyFor(address)} ` +
            `(with nginx sending ${NGINX_FORWARDED_FOR}).`,
        );
      }
      if (isLoopback(address) && !publicOrigin) {
        run = 0;
        return null;
      }
      if (address === runPeer) run += 1;
      else {
        runPeer = address;
        run = 1;
      }
      if (run < SAMPLE_REQUESTS) return null;
      return tell(
        "untrusted-private-peer",
        `the last ${SAMPLE_REQUESTS} requests all came from ${address}, a private address TRUST_PROXY does not trust, without X-Forwarded-For: ` +
          `if it is a proxy, every customer behind it shares one rate-limit bucket. Make it send the customer's address ` +
          `(nginx: ${NGINX_FORWARDED_FOR}) and set TRUST_PROXY=${trustProxyFor(address)}.`,
      );
    },
  };
}

/**
 * What server.mjs calls: at start with the environment — the start's warning lines go to `warn` at once — and then
 * `request(seen)` once per request, which hands a run-time warning to `warn` the first time it shows (and returns
 * it). For example:
 *
 *   const proxyTrust = watchProxyTrust(process.env, (line) => log("warn", line));
 *   proxyTrust.request({ peer: req.socket.remoteAddress, forwardedFor: req.get("x-forwarded-for"),
 *     trusted: req.app.get("trust proxy fn")(req.socket.remoteAddress, 0), path: req.path });
 *
 * @param {Record<string, string | undefined>} source the environment (process.env)
 * @param {(line: string) => void} warn
 * @returns {{ startWarnings: string[], request: (seen: SeenRequest) => string | null }}
 */
export function watchProxyTrust(source, warn) {
  const lines = startWarnings(source);
  for (const line of lines) warn(line);
  const watch = createRequestWatch(source);
  return {
    startWarnings: lines,
    request(seen) {
      const line = watch.see(seen);
      if (line) warn(line);
      return line;
    },
  };
}
