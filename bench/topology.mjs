/**
 * The processes of a load run on loopback (bench/load.mjs, ADR 162), each a child of the bench that it stops:
 * - `single`: one storefront in demo mode (the in-process upstream twin, DEMO_CONTROLS=1: SMS codes at
 *   /_demo/sms?phone=);
 * - `proxied(n)`: n storefronts behind a round-robin proxy (bench/round-robin.mjs), sharing one Redis (redis-server
 *   on a free port, no persistence: a bench) and one upstream — the twin as an HTTP server (deploy/twin-server.ts,
 *   bundled with esbuild; SMS codes at /__twin/sms), as the deploy topology and the fault-injection run have them.
 * Every storefront has TRUST_PROXY=loopback (the load generator, or the proxy, is the proxy in front: each customer
 * arrives with an address of its own in X-Forwarded-For) and a METRICS_PORT. `cpuMs()` reads each process's CPU time
 * (Linux /proc), so a run can say where the machine's cores went.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { capCpu } from "./cpu-cap.mjs";

const SECRET = "load-run-secret-load-run-secret-0123456789";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

function run(role, command, args, env) {
  let output = "";
  const child = spawn(command, args, { env: { PATH: process.env.PATH ?? "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.on("data", (d) => (output = (output + d).slice(-20_000)));
  child.stderr.on("data", (d) => (output = (output + d).slice(-20_000)));
  return { role, child, output: () => output };
}

async function waitFor(url, what, proc) {
  for (let i = 0; i < 300; i++) {
    if (proc.child.exitCode !== null) throw new Error(`${what} exited:\n${proc.output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await sleep(100);
  }
  throw new Error(`${what} did not start:\n${proc.output()}`);
}

/** CPU time (user + system, ms) a process has used so far (Linux /proc; NaN elsewhere) */
function cpuOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

function storefrontEnv(port, metricsPort, extra) {
  return {
    PORT: String(port),
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    BUILD_DIR: process.env.BUILD_DIR ?? "build",
    BRAND_CONFIG: "brands/demo.json",
    LOG_LEVEL: "error",
    METRICS_PORT: String(metricsPort),
    TRUST_PROXY: "loopback",
    SESSION_SECRET: SECRET,
    ...extra,
  };
}

/**
 * Starts a topology: "single", or "proxied" with `containers` storefronts, each capped at `cpuPerContainer` cores
 * when given (bench/cpu-cap.mjs; it throws where no cap can be set). Returns { cpuCap (how, "" uncapped), base,
 * metrics: [url], smsCode(phone), cpuMs(): { role: ms }, stop() }.
 */
export async function startTopology(kind, { containers = 1, cpuPerContainer = 0 } = {}) {
  const procs = [];
  const caps = [];
  const work = mkdtempSync(join(tmpdir(), "storefront-load-"));
  const stop = async () => {
    for (const p of procs.reverse()) {
      if (p.child.exitCode !== null || p.child.signalCode !== null) continue;
      const exited = new Promise((r) => p.child.once("exit", r));
      p.child.kill("SIGKILL");
      await exited;
    }
    for (const cap of caps) cap.release?.();
    rmSync(work, { recursive: true, force: true });
  };
  /** each storefront's CPU limit (ADR 198), as a container's `--cpus`: what the run measured, said in its report */
  const capStorefront = (proc) => {
    if (!cpuPerContainer) return;
    const cap = capCpu(proc.child.pid, cpuPerContainer);
    caps.push(cap);
    if (!cap.capped) throw new Error(`LOAD_CPU_PER_CONTAINER=${cpuPerContainer}, but the storefront cannot be capped here: ${cap.reason}`);
  };
  const cpuCap = () => (cpuPerContainer ? caps[0]?.how ?? "" : "");
  const cpuMs = () => {
    const out = {};
    for (const p of procs) out[p.role] = (out[p.role] ?? 0) + cpuOf(p.child.pid);
    return out;
  };
  try {
    if (kind === "single") {
      const [port, metricsPort] = [await freePort(), await freePort()];
      const proc = run("storefront", process.execPath, ["server.mjs"], storefrontEnv(port, metricsPort, { DEMO_CONTROLS: "1" }));
      procs.push(proc);
      capStorefront(proc);
      const base = `http://127.0.0.1:${port}`;
      await waitFor(`${base}/healthz`, "the storefront", proc);
      return {
        cpuCap: cpuCap(),
        base,
        metrics: [`http://127.0.0.1:${metricsPort}/metrics`],
        smsCode: async (phone) => (await (await fetch(`${base}/_demo/sms?phone=${encodeURIComponent(phone)}`)).json()).code,
        cpuMs,
        stop,
      };
    }
    // the upstream: the twin as an HTTP server, as in the deploy topology
    const { build } = await import("esbuild");
    await build({
      entryPoints: ["deploy/twin-server.ts"],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      outfile: join(work, "twin.mjs"),
      logLevel: "error",
      banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    });
    const twinPort = await freePort();
    const twinUrl = `http://127.0.0.1:${twinPort}`;
    const twin = run("twin", process.execPath, [join(work, "twin.mjs")], { PORT: String(twinPort) });
    procs.push(twin);
    await waitFor(`${twinUrl}/__twin/healthz`, "the twin", twin);
    const redisPort = await freePort();
    const redis = run("redis", "redis-server", ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", work]);
    procs.push(redis);
    for (let i = 0; i < 100 && !redis.output().includes("Ready to accept connections"); i++) await sleep(50);
    const ports = [];
    const metrics = [];
    for (let i = 0; i < containers; i++) {
      const [port, metricsPort] = [await freePort(), await freePort()];
      const proc = run(
        "storefront",
        process.execPath,
        ["server.mjs"],
        storefrontEnv(port, metricsPort, { UPSTREAM_API_URL: twinUrl, UPSTREAM_API_KEY: "load-run-key", REDIS_URL: `redis://127.0.0.1:${redisPort}` }),
      );
      procs.push(proc);
      capStorefront(proc);
      await waitFor(`http://127.0.0.1:${port}/healthz`, `storefront ${i + 1}`, proc);
      ports.push(port);
      metrics.push(`http://127.0.0.1:${metricsPort}/metrics`);
    }
    const proxyPort = await freePort();
    const proxy = run("proxy", process.execPath, ["bench/round-robin.mjs"], { PROXY_PORT: String(proxyPort), PROXY_UPSTREAMS: ports.join(",") });
    procs.push(proxy);
    const base = `http://127.0.0.1:${proxyPort}`;
    await waitFor(`${base}/healthz`, "the proxy", proxy);
    return {
      cpuCap: cpuCap(),
      base,
      metrics,
      smsCode: async (phone) => (await (await fetch(`${twinUrl}/__twin/sms?phone=${encodeURIComponent(phone)}`)).json()).code,
      cpuMs,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
