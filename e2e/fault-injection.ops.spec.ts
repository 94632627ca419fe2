/**
 * The fault-injection run (issue 35, ADR 145): two storefront processes behind a round-robin proxy share one Redis and
 * one upstream (the twin as an HTTP server); customers sign in, fill carts and send checkout forms — again and at
 * once, as impatient people do — while faults generated from a seed strike: the upstream committing an order and then
 * answering past the POST timeout, with a 5xx, or not at all; Redis paused, killed and restarted (with its append-only
 * file, as the deploy topology keeps it); a storefront process frozen (an event-loop stall). Then the invariants:
 * - at most one order per form;
 * - every submission ends within 30 s in a definite answer for the customer (placed, refused, or "we are checking");
 * - no 5xx;
 * - no cart lost: a customer whose form has no order still has their cart.
 * It prints its seed (`FAULT_SEED=<seed>` replays a run) and its figures.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { freePort } from "./helpers/server-process";
import { expect, test } from "./helpers/load-gate";
import { seededRandom } from "../scripts/seeded-random.mjs";

const SEED = Number(process.env.FAULT_SEED ?? Math.floor(Math.random() * 2 ** 31));
const CUSTOMERS = Number(process.env.FAULT_CUSTOMERS ?? 16);
const FORMS_PER_CUSTOMER = Number(process.env.FAULT_FORMS ?? 6);
/** the storefronts' POST timeout in this run: short, so that "past the timeout" costs seconds, not a quarter hour */
const POST_TIMEOUT_MS = 2_000;
const DEFINITE_WITHIN_MS = 30_000;
const SECRET = "fault-run-secret-fault-run-secret-0123456789";

const random = seededRandom(SEED);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
const between = (min: number, max: number) => Math.floor(min + random() * (max - min));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Proc {
  child: ChildProcess;
  output: () => string;
}
function run(command: string, args: string[], env: Record<string, string> = {}): Proc {
  let output = "";
  const child = spawn(command, args, { env: { PATH: process.env.PATH ?? "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  return { child, output: () => output };
}
async function waitFor(url: string, what: string) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await sleep(100);
  }
  throw new Error(`${what} did not start`);
}
const stop = (p: Proc | null | undefined) => {
  if (!p || p.child.exitCode !== null || p.child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((r) => p.child.once("exit", r));
  p.child.kill("SIGCONT");
  p.child.kill("SIGKILL");
  return exited;
};

/** round robin over the two storefronts, as the deploy topology's nginx does */
function roundRobin(ports: number[]): Server {
  let next = 0;
  return createServer((req, res) => {
    const port = ports[next++ % ports.length]!;
    const upstream = httpRequest({ host: "127.0.0.1", port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end("proxy: storefront unreachable");
    });
    req.pipe(upstream);
  });
}

/** a customer's browser without JavaScript: cookies, plain form posts, no redirect following */
class Browser {
  /** requests sent again after the connection to the proxy failed (reported with the figures) */
  static transportRetries: string[] = [];
  private cookies = new Map<string, string>();
  constructor(private base: string) {}
  async go(path: string, form?: Record<string, string>): Promise<{ status: number; location: string | null; text: string; ms: number }> {
    const started = Date.now();
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "), "accept-language": "ru" };
    if (form) headers["content-type"] = "application/x-www-form-urlencoded";
    const send = () =>
      fetch(`${this.base}${path}`, {
        method: form ? "POST" : "GET",
        headers,
        body: form ? new URLSearchParams(form).toString() : undefined,
        redirect: "manual",
        signal: AbortSignal.timeout(60_000),
      });
    // the connection to the test's own proxy (in this process) may be reset when a kept-alive socket closes as a
    // request goes out, most often on a starved machine: sent again, as a browser does, and counted. A storefront
    // that is away answers 502 through the proxy: that is an answer, never retried here.
    let response: Response | undefined;
    for (let attempt = 0; !response; attempt++) {
      try {
        response = await send();
      } catch (error) {
        if (!(error instanceof TypeError) || attempt >= 3) throw error;
        Browser.transportRetries.push(`${form ? "POST" : "GET"} ${path}: ${String((error as { cause?: unknown }).cause ?? error)}`);
        await sleep(200 + attempt * 300);
      }
    }
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      const value = pair.slice(at + 1);
      if (!value || /max-age=0/i.test(line)) this.cookies.delete(pair.slice(0, at));
      else this.cookies.set(pair.slice(0, at), value);
    }
    return { status: response.status, location: response.headers.get("location"), text: await response.text(), ms: Date.now() - started };
  }
}

/** the honeypot's sealed field and the checkout key of a rendered page */
const sealOf = (html: string) => /<input[^>]*name="from__confirm"[^>]*>/.exec(html)?.[0].match(/value="([^"]+)"/)?.[1] ?? "";
const keyOf = (html: string) => /<input[^>]*name="key"[^>]*value="([0-9a-f-]{36})"/.exec(html)?.[1] ?? /<input[^>]*value="([0-9a-f-]{36})"[^>]*name="key"/.exec(html)?.[1] ?? "";
const honeypot = (html: string) => ({ name__confirm: "", from__confirm: sealOf(html) });
/** the first time the form offers ("as soon as possible" while the restaurant is open, else its first pre-order time) */
const firstOrderTime = (html: string) => /<select[^>]*name="preOrderAt"[^>]*>\s*<option[^>]*value="([^"]*)"/.exec(html)?.[1] ?? "";

test.describe("fault injection: one order per form, a definite answer, no 5xx, no cart lost", () => {
  test.setTimeout(15 * 60_000);

  test("many forms through two storefronts behind a proxy while generated faults strike", async () => {
    console.log(`fault-injection seed: ${SEED} (FAULT_SEED=${SEED} replays it)`);
    const work = mkdtempSync(join(tmpdir(), "storefront-faults-"));
    const procs: Proc[] = [];
    let redis: Proc | null = null;
    let proxy: Server | null = null;
    const faults: Record<string, number> = {};
    const record = (kind: string) => (faults[kind] = (faults[kind] ?? 0) + 1);
    try {
      // the upstream: the twin as an HTTP server, shared by both storefronts
      await build({ entryPoints: ["deploy/twin-server.ts"], bundle: true, platform: "node", format: "esm", target: "node20", outfile: join(work, "twin.mjs"), logLevel: "error", banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" } });
      const twinPort = await freePort();
      const twinUrl = `http://127.0.0.1:${twinPort}`;
      procs.push(run(process.execPath, [join(work, "twin.mjs")], { PORT: String(twinPort) }));
      await waitFor(`${twinUrl}/__twin/healthz`, "the twin");
      const twinControl = (path: string, body?: unknown) =>
        fetch(`${twinUrl}/__twin/${path}`, body === undefined ? {} : { method: "POST", body: JSON.stringify(body) }).then((r) => r.json() as Promise<Record<string, unknown>>);

      const redisPort = await freePort();
      const startRedis = async () => {
        // as the deploy topology runs it (docs/operations.md): every write in the append-only file before it is answered
        redis = run("redis-server", ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "yes", "--appendfsync", "always", "--dir", work]);
        for (let i = 0; i < 100; i++) {
          if (redis.output().includes("Ready to accept connections")) return;
          await sleep(50);
        }
      };
      await startRedis();

      const ports = [await freePort(), await freePort()];
      const storefront = (port: number) =>
        run(process.execPath, ["server.mjs"], {
          PORT: String(port),
          HOST: "127.0.0.1",
          NODE_ENV: "production",
          BUILD_DIR: process.env.BUILD_DIR ?? "build",
          LOG_LEVEL: "warn",
          UPSTREAM_API_URL: twinUrl,
          UPSTREAM_API_KEY: "fault-run-key",
          UPSTREAM_POST_TIMEOUT_MS: String(POST_TIMEOUT_MS),
          UPSTREAM_BREAKER_RESET_MS: "1000",
          SESSION_SECRET: SECRET,
          REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        });
      const storefronts = ports.map(storefront);
      procs.push(...storefronts);
      for (const port of ports) await waitFor(`http://127.0.0.1:${port}/healthz`, `the storefront on ${port}`);
      const proxyPort = await freePort();
      proxy = roundRobin(ports);
      await new Promise<void>((r) => proxy!.listen(proxyPort, "127.0.0.1", r));
      const base = `http://127.0.0.1:${proxyPort}`;

      // ── the faults, generated from the seed while the customers order ────────────────────────────────
      let ordering = true;
      const faultLoop = (async () => {
        while (ordering) {
          await sleep(between(300, 1500));
          if (!ordering) break;
          const kind = pick(["late-after-commit", "5xx-after-commit", "dropped-after-commit", "redis-pause", "redis-kill", "redis-restart", "stall", "calm"] as const);
          record(kind);
          switch (kind) {
            case "late-after-commit":
            case "5xx-after-commit":
            case "dropped-after-commit": {
              const afterCommit =
                kind === "late-after-commit" ? { delayMs: POST_TIMEOUT_MS + between(200, 1500) } : kind === "5xx-after-commit" ? { status: pick([500, 502, 503, 504]) } : { drop: true };
              await twinControl("scenario", { afterCommit });
              await sleep(between(500, 2500));
              await twinControl("scenario", {});
              break;
            }
            case "redis-pause":
              redis!.child.kill("SIGSTOP");
              await sleep(between(200, 2500));
              redis!.child.kill("SIGCONT");
              break;
            case "redis-kill":
              await stop(redis);
              await sleep(between(200, 3000));
              await startRedis();
              break;
            case "redis-restart":
              await stop(redis);
              await startRedis();
              break;
            case "stall": {
              const victim = pick(storefronts);
              victim.child.kill("SIGSTOP");
              await sleep(between(100, 1500));
              victim.child.kill("SIGCONT");
              break;
            }
            case "calm":
              await sleep(between(500, 2000));
              break;
          }
        }
      })();

      // ── the customers ─────────────────────────────────────────────────────────────────────────────────
      interface Form {
        key: string;
        /** the form the order went by: its own key, or the first form sent with the same cart (ADR 216) */
        wentBy: string;
        answers: number[];
        statuses: number[];
        definiteMs: number;
        outcome: "placed" | "checking" | "not-placed" | "refused";
        customer: number;
      }
      const forms: Form[] = [];
      const serverErrors: string[] = [];
      /** forms that went by a key of no earlier form of their customer (ADR 216 allows only those): a breach */
      const misrouted: string[] = [];
      const browsers: Browser[] = [];
      /** forms a customer could not even start (the cart page without a checkout form): reported, not a breach */
      const notStarted: string[] = [];

      async function customer(n: number) {
        const browser = (browsers[n] = new Browser(base));
        const phone = `+7903${String(SEED % 1000).padStart(3, "0")}${String(n).padStart(4, "0")}`;
        // sign in with an SMS code, location, then forms
        for (let attempt = 0; attempt < 20; attempt++) {
          const page = await browser.go("/auth");
          const sent = await browser.go("/auth", { intent: "request-code", phone, ...honeypot(page.text) });
          if (sent.status >= 500) serverErrors.push(`/auth request-code ${sent.status}`);
          const code = (await twinControl(`sms?phone=${encodeURIComponent(phone)}`)).code as string | null;
          if (!code) {
            await sleep(500);
            continue;
          }
          const again = await browser.go("/auth");
          const verified = await browser.go("/auth", { intent: "verify", code, ...honeypot(again.text) });
          if (verified.status >= 500) serverErrors.push(`/auth verify ${verified.status}`);
          if (verified.status === 303 && !verified.location?.startsWith("/auth")) break;
          await sleep(500);
        }
        await browser.go("/location", { intent: "save", city: "115", method: "TAKE_AWAY", resto: "173" });
        for (let f = 0; f < FORMS_PER_CUSTOMER; f++) {
          // people take their time: the forms spread over the run, so that the faults meet them at every step
          await sleep(between(300, 3000));
          // a fault may refuse the add or the page (an open circuit, a stalled process): the customer tries again
          let cart = await browser.go("/cart");
          for (let attempt = 0; attempt < 10 && !(cart.text.includes('data-testid="cart-line"') && keyOf(cart.text)); attempt++) {
            const added = await browser.go("/cart", { intent: "add", positionId: "10031", menuId: "501", count: "1" });
            if (added.status >= 500) serverErrors.push(`/cart add ${added.status}`);
            cart = await browser.go("/cart");
            if (cart.status >= 500) serverErrors.push(`/cart ${cart.status}`);
            if (!keyOf(cart.text)) await sleep(between(200, 800));
          }
          const key = keyOf(cart.text);
          if (!key) {
            notStarted.push(`customer ${n}: no checkout form (${cart.status}): ${cart.text.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").slice(0, 300)}`);
            continue;
          }
          const form: Form = { key, wentBy: key, answers: [], statuses: [], definiteMs: 0, outcome: "refused", customer: n };
          forms.push(form);
          const fields = { intent: "checkout", key, paymentMethod: "CARD_UPON_RECEIPT", name: `Покупатель ${n}`, phone, email: "", receiptEmail: "", comment: "", preOrderAt: firstOrderTime(cart.text), ...honeypot(cart.text) };
          const submit = async () => {
            const answer = await browser.go("/cart", fields);
            form.answers.push(answer.ms);
            form.statuses.push(answer.status);
            if (answer.status >= 500) serverErrors.push(`/cart checkout ${answer.status}: ${answer.text.slice(0, 200)}`);
            return answer;
          };
          // impatient people: sometimes the same form twice at once (two tabs, a double click without JavaScript)
          const answers = random() < 0.3 ? await Promise.all([submit(), submit()]) : [await submit()];
          let answer = answers.find((a) => a.status === 303) ?? answers[0]!;
          // "try again in a minute" (the ledger could not answer) or a refusal: the same form again, a few times
          for (let retry = 0; retry < 6 && answer.status !== 303; retry++) {
            await sleep(between(300, 1500));
            answer = await submit();
          }
          form.definiteMs = Math.max(...form.answers);
          const went = answer.status === 303 ? /^\/checkout\/([0-9a-f-]{36})/.exec(answer.location ?? "")?.[1] : undefined;
          if (!went) continue;
          // a form sent with a cart that was sent before goes by that cart's first form: this customer's own (ADR 216)
          if (!forms.some((other) => other.customer === n && other.key === went)) misrouted.push(`customer ${n}'s form ${key} went by ${went}`);
          form.wentBy = went;
          // the success screen: placed, or checking until known; sometimes the form is sent once more meanwhile
          for (let look = 0; look < 20; look++) {
            const page = await browser.go(`/checkout/${went}`);
            if (page.status >= 500) serverErrors.push(`/checkout ${page.status}`);
            if (page.text.includes('data-testid="order-success"')) {
              form.outcome = "placed";
              break;
            }
            if (page.text.includes('data-testid="order-not-placed"')) {
              form.outcome = "not-placed";
              break;
            }
            form.outcome = "checking";
            if (random() < 0.3) await submit();
            await sleep(1000);
          }
        }
      }

      await Promise.all(Array.from({ length: CUSTOMERS }, (_, n) => customer(n)));
      ordering = false;
      await faultLoop;
      await twinControl("scenario", {});

      // ── the invariants ────────────────────────────────────────────────────────────────────────────────
      const orders = ((await twinControl("orders")).orders as { payload: { clientOrderKey?: string | null } }[]) ?? [];
      const ordersPerForm = new Map<string, number>();
      for (const order of orders) {
        const key = order.payload.clientOrderKey ?? "(none)";
        ordersPerForm.set(key, (ordersPerForm.get(key) ?? 0) + 1);
      }
      const maxOrdersPerForm = Math.max(0, ...ordersPerForm.values());
      const longest = Math.max(...forms.flatMap((f) => f.answers));
      const outcomes = forms.reduce<Record<string, number>>((all, f) => ((all[f.outcome] = (all[f.outcome] ?? 0) + 1), all), {});
      const figures = {
        seed: SEED,
        forms: forms.length,
        submissions: forms.reduce((n, f) => n + f.answers.length, 0),
        faults,
        orders: orders.length,
        maxOrdersPerForm,
        /** forms that went by their cart's first form (ADR 216) */
        linked: forms.filter((f) => f.wentBy !== f.key).length,
        outcomes,
        longestAnswerMs: longest,
        serverErrors: serverErrors.length,
        notStarted: notStarted.length,
        transportRetries: Browser.transportRetries.length,
      };
      console.log(`fault-injection figures: ${JSON.stringify(figures)}`);
      if (notStarted.length) console.log(`fault-injection forms not started:\n${notStarted.join("\n")}`);
      expect(notStarted.length, "most forms start").toBeLessThan(Math.max(2, forms.length / 4));
      expect(maxOrdersPerForm, `a form with two orders (seed ${SEED})`).toBeLessThanOrEqual(1);
      expect(ordersPerForm.get("(none)") ?? 0, "every order carries its form's key").toBe(0);
      if (Browser.transportRetries.length) console.log(`fault-injection requests sent again after a reset connection:\n${Browser.transportRetries.join("\n")}`);
      if (serverErrors.length) {
        console.log(`fault-injection 5xx answers:\n${serverErrors.join("\n")}`);
        for (const [i, p] of storefronts.entries()) console.log(`storefront ${i} errors:\n${p.output().split("\n").filter((l) => l.includes('"error"')).slice(0, 10).join("\n")}`);
      }
      expect(serverErrors, `5xx answers (seed ${SEED})`).toEqual([]);
      expect(misrouted, `forms taken for another's (seed ${SEED})`).toEqual([]);
      expect(longest, `the longest answer (seed ${SEED})`).toBeLessThanOrEqual(DEFINITE_WITHIN_MS);
      // a form told "placed" has its one order; a form without an order kept its customer's cart
      for (const form of forms) {
        if (form.outcome === "placed") expect(ordersPerForm.get(form.wentBy), `form ${form.key} (by ${form.wentBy})`).toBe(1);
      }
      // no cart lost: a customer whose last form has no order still has its line in the cart
      let cartsChecked = 0;
      for (const [n, browser] of browsers.entries()) {
        const last = forms.filter((f) => f.customer === n).at(-1);
        if (!last || ordersPerForm.has(last.wentBy)) continue;
        const cart = await browser.go("/cart");
        expect(cart.text, `customer ${n}'s cart after form ${last.key} (${last.outcome})`).toContain('data-testid="cart-line"');
        cartsChecked++;
      }
      console.log(`fault-injection carts checked: ${cartsChecked}`);
    } catch (error) {
      for (const [i, p] of procs.entries()) console.log(`process ${i} output (last lines):\n${p.output().split("\n").slice(-15).join("\n")}`);
      throw error;
    } finally {
      proxy?.close();
      await Promise.all([...procs.map(stop), stop(redis)]);
      rmSync(work, { recursive: true, force: true });
    }
  });
});
