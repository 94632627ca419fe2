/**
 * ADR 143: the rate limits see the customer's own address in every topology the docs show, and a header the client
 * sets never chooses the bucket. The address is Express's own `req.ip` (computed here by Express itself from a
 * socket address and headers, as server.mjs's requests get it), with TRUST_PROXY read the way server.mjs reads it;
 * nginx's `$proxy_add_x_forwarded_for` keeps what the client sent and appends the address it saw.
 */
import { createRequire } from "node:module";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readEnv } from "~server/env.mjs";
import { getClientAddress } from "~server/auth/client-address";
import {
  createRequestWatch,
  isNonPublic,
  NGINX_FORWARDED_FOR,
  normalizeAddress,
  SAMPLE_REQUESTS,
  startWarnings,
  trustProxyProblem,
  trustProxySetting,
  watchProxyTrust,
} from "~server/proxy-trust.mjs";

/** the part of Express this test uses (the project has no Express type declarations) */
interface ExpressApp {
  set(name: string, value: unknown): void;
  get(name: "trust proxy fn"): (address: string, hop: number) => boolean;
  request: object;
}
const express = createRequire(import.meta.url)("express") as () => ExpressApp;

const apps = new Map<string, ExpressApp>();
/** Express configured with this TRUST_PROXY (undefined: the environment's default), as server.mjs configures it */
function appFor(trustProxy: string | undefined) {
  const value = trustProxy ?? readEnv({}).env!.TRUST_PROXY;
  let app = apps.get(value);
  if (!app) {
    app = express();
    app.set("trust proxy", trustProxySetting(value));
    apps.set(value, app);
  }
  return app;
}

/** the bucket the rate limits count a request in: Express's req.ip for this socket address and header */
function bucketOf(trustProxy: string | undefined, peer: string, forwardedFor?: string): string {
  const app = appFor(trustProxy);
  const socket = { remoteAddress: peer };
  const req = Object.create(app.request, {
    headers: { value: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor } },
    socket: { value: socket },
    connection: { value: socket },
  }) as { ip?: string };
  return getClientAddress({ clientAddress: req.ip });
}
const trusts = (trustProxy: string | undefined, address: string) => appFor(trustProxy).get("trust proxy fn")(address, 0);

/** what nginx sends on with `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;` */
const appended = (clientHeader: string | undefined, remoteAddr: string) =>
  clientHeader === undefined ? remoteAddr : `${clientHeader}, ${remoteAddr}`;

const address = fc.oneof(fc.ipV4(), fc.ipV6());
/** whatever a client may put in its own X-Forwarded-For: addresses (the proxy's, loopback, anyone's) and junk */
const clientHeader = fc.option(
  fc
    .array(
      fc.oneof(
        address,
        fc.constantFrom("127.0.0.1", "::1", "10.0.0.5", "172.18.0.2", "unknown", "", " "),
        fc.string({ maxLength: 16 }),
      ),
      {
        minLength: 1,
        maxLength: 5,
      },
    )
    .map((parts) => parts.join(", ")),
  { nil: undefined },
);
/** a proxy and the TRUST_PROXY values an operator may write for it (README, docs/operations.md) */
const proxy = fc.constantFrom(
  { peer: "127.0.0.1", trust: ["127.0.0.1", "loopback"] },
  { peer: "::1", trust: ["::1", "loopback"] },
  { peer: "::ffff:127.0.0.1", trust: ["127.0.0.1", "loopback"] },
  { peer: "10.0.0.5", trust: ["10.0.0.5", "10.0.0.0/24", "10.0.0.5, 10.0.0.6"] },
  { peer: "172.18.0.2", trust: ["172.18.0.2", "172.18.0.0/16"] },
  { peer: "192.168.10.3", trust: ["192.168.10.3"] },
  { peer: "fd00::5", trust: ["fd00::5", "fd00::/64"] },
);

describe("the client address behind a proxy that appends (nginx's $proxy_add_x_forwarded_for)", () => {
  it("is the address the proxy saw, whatever the client put in its own X-Forwarded-For", () => {
    fc.assert(
      fc.property(proxy, fc.nat(), address, clientHeader, ({ peer, trust }, pick, client, header) => {
        const trustProxy = trust[pick % trust.length]!;
        // a customer on the proxy's own trusted addresses is the proxy, as far as anyone can tell (ADR 143)
        fc.pre(!trusts(trustProxy, client));
        expect(bucketOf(trustProxy, peer, appended(header, client))).toBe(normalizeAddress(client));
      }),
      { numRuns: 500 },
    );
  });

  it("is the address the first proxy saw when two proxies append (a CDN in front of nginx), both named", () => {
    fc.assert(
      fc.property(address, clientHeader, (client, header) => {
        const trustProxy = "198.51.100.10, 10.0.0.5";
        fc.pre(!trusts(trustProxy, client));
        // the CDN (198.51.100.10) appends the client, nginx (10.0.0.5) appends the CDN
        const forwardedFor = appended(appended(header, client), "198.51.100.10");
        expect(bucketOf(trustProxy, "10.0.0.5", forwardedFor)).toBe(normalizeAddress(client));
      }),
      { numRuns: 300 },
    );
  });
});

describe("the default configuration (TRUST_PROXY unset)", () => {
  it("trusts nobody: the bucket is the peer's address whatever X-Forwarded-For says", () => {
    const peerAddress = fc.oneof(
      address,
      fc.constantFrom("127.0.0.1", "::1", "10.0.0.5", "172.18.0.2", "192.168.1.7", "169.254.1.1", "fd00::1", "fe80::1"),
    );
    fc.assert(
      fc.property(peerAddress, clientHeader, (peer, header) => {
        expect(bucketOf(undefined, peer, header)).toBe(normalizeAddress(peer));
      }),
      { numRuns: 500 },
    );
    expect(readEnv({}).env!.TRUST_PROXY).toBe("false");
  });

  it("behind a proxy nobody named, every customer is the proxy — and the watch says so once, with the fix", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("10.0.0.5", "172.18.0.2", "127.0.0.1"),
        fc.array(fc.tuple(address, clientHeader), { minLength: SAMPLE_REQUESTS, maxLength: 60 }),
        (peer, customers) => {
          const watch = createRequestWatch({ PUBLIC_ORIGIN: "https://order.example.com" });
          const lines: string[] = [];
          for (const [, header] of customers) {
            // a bare proxy_pass passes the client's own header on unchanged
            expect(bucketOf(undefined, peer, header)).toBe(peer);
            const line = watch.see({ peer, forwardedFor: header, trusted: trusts(undefined, peer), path: "/cart" });
            if (line) lines.push(line);
          }
          expect(lines).toHaveLength(1);
          expect(lines[0]).toContain(`TRUST_PROXY=${peer === "127.0.0.1" ? "loopback" : peer}`);
          expect(lines[0]).toContain(NGINX_FORWARDED_FOR);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("a named proxy that forwards nothing (a bare proxy_pass with TRUST_PROXY set)", () => {
  it("lets a client's own X-Forwarded-For choose its bucket — which is why the watch tells the operator, once", () => {
    // the hole itself, stated once: nginx passes the client's header on and TRUST_PROXY trusts nginx
    expect(bucketOf("10.0.0.5", "10.0.0.5", "192.0.2.1")).toBe("192.0.2.1");
    // most customers send no X-Forwarded-For of their own; a few (scripts, some corporate proxies) do
    const header = fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: clientHeader });
    fc.assert(
      fc.property(fc.array(header, { minLength: 2 * SAMPLE_REQUESTS, maxLength: 80 }), (headers) => {
        const without = headers.filter((h) => h === undefined).length;
        fc.pre(without >= SAMPLE_REQUESTS && without > headers.length - without);
        const watch = createRequestWatch({ TRUST_PROXY: "10.0.0.5" });
        const lines = headers
          .map((h) => watch.see({ peer: "10.0.0.5", forwardedFor: h, trusted: true, path: "/" }))
          .filter(Boolean);
        expect(lines).toHaveLength(1);
        expect(lines[0]).toContain("carry no X-Forwarded-For");
        expect(lines[0]).toContain(NGINX_FORWARDED_FOR);
      }),
      { numRuns: 200 },
    );
  });

  it("says nothing of a forwarding proxy whose host also asks the server directly now and then, nor of health probes", () => {
    const watch = createRequestWatch({ TRUST_PROXY: "loopback" });
    const seen = [];
    for (let i = 0; i < 200; i++) {
      seen.push(watch.see({ peer: "127.0.0.1", forwardedFor: `203.0.113.${i % 250}`, trusted: true, path: "/" }));
      if (i % 10 === 0) seen.push(watch.see({ peer: "127.0.0.1", forwardedFor: undefined, trusted: true, path: "/metrics" }));
      seen.push(watch.see({ peer: "127.0.0.1", forwardedFor: undefined, trusted: true, path: "/healthz" }));
    }
    expect(seen.filter(Boolean)).toEqual([]);
  });
});

describe("the run-time watch", () => {
  const seenRequest = fc.record({
    peer: fc.oneof(address, fc.constantFrom("127.0.0.1", "10.0.0.5", "::ffff:10.0.0.5", "fd00::1"), fc.constant(undefined)),
    forwardedFor: clientHeader,
    trusted: fc.boolean(),
    path: fc.constantFrom("/", "/cart", "/healthz", "/readyz", "/api/address/suggest"),
  });

  it("tells each problem at most once, however many requests show it", () => {
    fc.assert(
      fc.property(fc.array(seenRequest, { maxLength: 300 }), fc.boolean(), (requests, behindProxy) => {
        const watch = createRequestWatch(behindProxy ? { PUBLIC_ORIGIN: "https://order.example.com" } : {});
        const lines = requests.map((r) => watch.see(r)).filter((l): l is string => l !== null);
        expect(lines.length).toBeLessThanOrEqual(2);
        // a trusted proxy that forwards nothing, or a private peer TRUST_PROXY does not name (whether or not it
        // forwards: either way the fix is to name it), told once each
        const kinds = lines.map((l) => (l.includes("carry no X-Forwarded-For") ? "trusted" : "untrusted"));
        expect(new Set(kinds).size).toBe(kinds.length);
      }),
      { numRuns: 300 },
    );
  });

  it("tells a private peer that sends X-Forwarded-For without being trusted at its first request", () => {
    const watch = createRequestWatch({});
    const line = watch.see({ peer: "::ffff:172.18.0.2", forwardedFor: "203.0.113.9", trusted: false, path: "/" });
    expect(line).toContain("TRUST_PROXY=172.18.0.2");
    expect(watch.see({ peer: "172.18.0.2", forwardedFor: "203.0.113.9", trusted: false, path: "/" })).toBeNull();
  });

  it("tells an unnamed proxy once, whether its forwarding or its silence shows first", () => {
    // a bare proxy_pass: most customers send no X-Forwarded-For, one sends its own — the same proxy, the same fix
    for (const headers of [
      [...Array<undefined>(SAMPLE_REQUESTS).fill(undefined), "203.0.113.9"],
      ["203.0.113.9", ...Array<undefined>(SAMPLE_REQUESTS).fill(undefined)],
    ]) {
      const watch = createRequestWatch({});
      const lines = headers
        .map((forwardedFor) => watch.see({ peer: "10.0.0.5", forwardedFor, trusted: false, path: "/" }))
        .filter(Boolean);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain("TRUST_PROXY=10.0.0.5");
    }
  });

  it("never takes customers on the internet, or a developer's own browser, for a proxy", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(address, clientHeader), { maxLength: 100 }), (requests) => {
        const watch = createRequestWatch({});
        for (const [peer, header] of requests) {
          if (isNonPublic(peer)) continue;
          expect(watch.see({ peer, forwardedFor: header, trusted: false, path: "/" })).toBeNull();
        }
        // without PUBLIC_ORIGIN, a browser on the same machine is not a proxy
        for (let i = 0; i < 3 * SAMPLE_REQUESTS; i++)
          expect(watch.see({ peer: "127.0.0.1", forwardedFor: undefined, trusted: false, path: "/" })).toBeNull();
      }),
    );
  });

  it("ignores health probes: an orchestrator asking /healthz is not a proxy", () => {
    const watch = createRequestWatch({ PUBLIC_ORIGIN: "https://order.example.com" });
    for (let i = 0; i < 100; i++)
      expect(
        watch.see({ peer: "10.0.0.1", forwardedFor: undefined, trusted: false, path: i % 2 ? "/healthz" : "/readyz" }),
      ).toBeNull();
  });
});

describe("the start's warning lines", () => {
  it("say when PUBLIC_ORIGIN puts a proxy in front and TRUST_PROXY names none, with the fix; TRUST_PROXY=false silences it", () => {
    const [line, ...rest] = startWarnings({ PUBLIC_ORIGIN: "https://order.example.com" });
    expect(rest).toEqual([]);
    expect(line).toContain("TRUST_PROXY is not set");
    expect(line).toContain(NGINX_FORWARDED_FOR);
    expect(startWarnings({ PUBLIC_ORIGIN: "https://order.example.com", TRUST_PROXY: "10.0.0.5" })).toEqual([]);
    expect(startWarnings({ PUBLIC_ORIGIN: "https://order.example.com", TRUST_PROXY: "false" })).toEqual([]);
    expect(startWarnings({ PUBLIC_ORIGIN: "https://order.example.com", TRUST_PROXY: "" })).toHaveLength(1);
    expect(startWarnings({})).toEqual([]);
  });

  it("say when TRUST_PROXY trusts everyone", () => {
    for (const value of ["true", "0.0.0.0/0", "10.0.0.5, ::/0"])
      expect(startWarnings({ TRUST_PROXY: value }).join("\n")).toContain("trusts every peer");
    expect(startWarnings({ TRUST_PROXY: "loopback" })).toEqual([]);
  });
});

describe("watchProxyTrust (what server.mjs calls)", () => {
  it("hands the start's lines to the log at once and each run-time problem once", () => {
    const logged: string[] = [];
    const watch = watchProxyTrust({ PUBLIC_ORIGIN: "https://order.example.com" }, (line) => logged.push(line));
    expect(logged).toHaveLength(1);
    expect(watch.startWarnings).toEqual(logged);
    for (let i = 0; i < 100; i++) watch.request({ peer: "10.88.0.7", forwardedFor: undefined, trusted: false, path: "/" });
    expect(logged).toHaveLength(2);
    expect(logged[1]).toContain("TRUST_PROXY=10.88.0.7");
  });

  it("tells a TRUST_PROXY value Express would refuse at start from one it takes", () => {
    for (const value of [
      "false",
      "true",
      "2",
      "loopback",
      "127.0.0.1",
      "10.0.0.5, 10.0.0.6",
      "10.0.0.0/8",
      "10.0.0.0/255.0.0.0",
      "fd00::/64",
      "loopback, 203.0.113.0/24, ::1",
    ]) {
      expect(trustProxyProblem(value), value).toBeNull();
      expect(() => appFor(value), value).not.toThrow();
    }
    for (const value of ["nginx", "10.0.0.5/33", "10.0.0.0/8/8", "300.1.1.1", "fd00::/129", "localhost"]) {
      expect(trustProxyProblem(value), value).toContain("is not an address");
      expect(() => appFor(value), value).toThrow();
    }
  });

  it("reads TRUST_PROXY as server.mjs does: unset and false trust nobody, digits are hops", () => {
    expect(trustProxySetting(undefined)).toBe(false);
    expect(trustProxySetting("false")).toBe(false);
    expect(trustProxySetting("true")).toBe(true);
    expect(trustProxySetting("1")).toBe(1);
    expect(trustProxySetting("loopback, 10.0.0.5")).toBe("loopback, 10.0.0.5");
  });
});
