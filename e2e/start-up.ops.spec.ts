// The built server checks its whole configuration before it listens (ADR 137): a bad value exits non-zero within
// seconds with one line per field, and "listening" is never logged.
import { spawn } from "node:child_process";
import { freePort } from "./helpers/server-process";
import { expect, test } from "./helpers/load-gate";

interface Exit {
  code: number | null;
  output: string;
  ms: number;
}

/** server.mjs with this environment on top of a working one; resolves when it exits (or kills it at 15 s) */
async function run(env: Record<string, string>): Promise<Exit> {
  const started = Date.now();
  const child = spawn(process.execPath, ["server.mjs"], {
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(await freePort()),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  const code = await new Promise<number | null>((resolve) => child.once("exit", (c) => resolve(c)));
  clearTimeout(timer);
  return { code, output, ms: Date.now() - started };
}

const refusals: { what: string; env: Record<string, string>; lines: RegExp[] }[] = [
  {
    what: "a brand file that does not exist",
    env: { BRAND_CONFIG: "/nonexistent.json" },
    lines: [/BRAND_CONFIG: \/nonexistent\.json: file not found/],
  },
  {
    what: "a real upstream with a 10-character session secret",
    env: { UPSTREAM_API_URL: "http://127.0.0.1:9", UPSTREAM_API_KEY: "key", SESSION_SECRET: "0123456789" },
    lines: [/SESSION_SECRET: each comma-separated secret needs at least 32 characters/],
  },
  {
    what: "several bad values at once: one line each",
    env: { PORT: "eighty", METRICS_PORT: "70000", REDIS_URL: "http://cache:6379", LOG_LEVEL: "loud" },
    lines: [/- PORT: /, /- METRICS_PORT: /, /- REDIS_URL: must start with redis:\/\//, /- LOG_LEVEL: /],
  },
  {
    what: "a real upstream without its key, and a demo switch beside it",
    env: { UPSTREAM_API_URL: "https://api.example.com", SESSION_SECRET: "x".repeat(40), DEMO_CONTROLS: "1" },
    lines: [/UPSTREAM_API_KEY: required when UPSTREAM_API_URL is set/, /DEMO_CONTROLS, DEMO_LARGE_MENU, DEMO_UPSTREAM_LATENCY_MS: demo mode only/],
  },
  {
    what: "a build directory without a build",
    env: { BUILD_DIR: "/nonexistent-build" },
    lines: [/BUILD_DIR: no usable build at \/nonexistent-build\/server\/index\.js/],
  },
  {
    what: "a brand file that is not valid",
    env: { BRAND_CONFIG: "package.json" },
    lines: [/brand file package\.json: whiteLabel: /],
  },
];

test.describe("start-up: the configuration is checked before the server listens", () => {
  for (const { what, env, lines } of refusals) {
    test(what, async () => {
      const exit = await run(env);
      expect(exit.code, exit.output).not.toBe(0);
      expect(exit.code, "it exited by itself, not by the 15 s kill").not.toBeNull();
      expect(exit.ms).toBeLessThan(15_000);
      expect(exit.output).not.toContain("listening");
      expect(exit.output).toContain("Invalid configuration:");
      for (const line of lines) expect(exit.output).toMatch(line);
      // one line per field, never a stack
      expect(exit.output).not.toMatch(/\n\s+at /);
    });
  }
});
