/**
 * One production server of the built storefront in demo mode for the bench tools (hydration, trace-tasks,
 * cpu-tasks): waits for /healthz, fails if the process exits or does not answer within 60 s.
 * `extraEnv` sets BUILD_DIR, DEMO_LARGE_MENU and the like.
 */
import { spawn } from "node:child_process";

export async function startBenchServer(port, extraEnv = {}) {
  const child = spawn(process.execPath, ["server.mjs"], {
    env: { ...process.env, PORT: String(port), NODE_ENV: "production", LOG_LEVEL: "warn", DEMO_CONTROLS: "1", BRAND_CONFIG: "brands/demo.json", ...extraEnv },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600 && child.exitCode === null; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, child, stop: () => child.kill("SIGTERM") };
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`server on ${port} did not start`);
}
