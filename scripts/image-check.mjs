#!/usr/bin/env node
/**
 * What can be checked of the Docker image without a Docker engine (none runs on the CI machines): the
 * final stage's file set — production dependencies only (`npm ci --omit=dev`), the build, server.mjs,
 * brands, public — on a read-only tree, run as an unprivileged user (uid 65534 when started as root),
 * with the image's environment. It must answer /healthz (also through the Dockerfile's HEALTHCHECK
 * command), serve the menu, take a cart form post, report /readyz, and exit 0 on SIGTERM.
 * Usage: `npm run build && node scripts/image-check.mjs` (.ci/run does this after the tests).
 */
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const PORT = Number(process.env.IMAGE_CHECK_PORT ?? 3390);
const dockerfile = readFileSync("Dockerfile", "utf8");
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
};

// the Dockerfile's promises
const finalStage = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
check(/^\s*FROM node:\d+-[a-z]+-slim\s*$/m.test(finalStage), "final stage is a slim Node image");
check(/^\s*USER (?!root\b)\S+/m.test(finalStage), "final stage runs as a non-root user");
check(/^\s*HEALTHCHECK /m.test(finalStage), "final stage has a HEALTHCHECK");
const healthcheck = /CMD (node -e "[^\n]+")\s*$/m.exec(finalStage.slice(finalStage.indexOf("HEALTHCHECK")))?.[1];
const copied = [...finalStage.matchAll(/^COPY (?:--from=\S+ )?(?:--chown=\S+ )?(.+) \.\/?\S*$/gm)].flatMap((m) => m[1].split(/\s+/));

if (!existsSync(`${BUILD_DIR}/server/index.js`)) {
  console.error(`no build in ${BUILD_DIR}: run npm run build first`);
  process.exit(2);
}
const root = mkdtempSync(join(tmpdir(), "storefront-image-"));
chmodSync(root, 0o755);
try {
  // the prod-deps stage
  cpSync("package.json", join(root, "package.json"));
  cpSync("package-lock.json", join(root, "package-lock.json"));
  execFileSync("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  check(!existsSync(join(root, "node_modules/@playwright/test")) && !existsSync(join(root, "node_modules/vitest")), "no dev dependency in the image");
  // the final stage's COPY lines (the build from BUILD_DIR)
  for (const entry of ["server.mjs", "brands", "public"]) {
    check(copied.includes(entry), `Dockerfile copies ${entry}`);
    cpSync(entry, join(root, entry), { recursive: true });
  }
  cpSync(BUILD_DIR, join(root, "build"), { recursive: true });
  // read-only for everyone, as with `read_only: true`
  const readOnly = (p) => {
    const st = statSync(p);
    chmodSync(p, st.isDirectory() ? 0o555 : 0o444);
    if (st.isDirectory()) for (const name of readdirSync(p)) readOnly(join(p, name));
  };
  for (const name of readdirSync(root)) if (name !== "node_modules") readOnly(join(root, name));
  chmodSync(root, 0o555);

  const asRoot = process.getuid?.() === 0;
  const env = { PATH: process.env.PATH, NODE_ENV: "production", PORT: String(PORT), BRAND_CONFIG: "brands/demo.json", HOME: "/nonexistent", LOG_LEVEL: "warn" };
  const child = spawn(process.execPath, ["server.mjs"], { cwd: root, env, stdio: ["ignore", "ignore", "pipe"], ...(asRoot ? { uid: 65534, gid: 65534 } : {}) });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  const base = `http://127.0.0.1:${PORT}`;
  let up = false;
  for (let i = 0; i < 100 && !up; i++) {
    up = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    if (!up) await new Promise((r) => setTimeout(r, 200));
  }
  check(up, `starts ${asRoot ? "as uid 65534 " : ""}on a read-only tree and answers /healthz`);
  if (up) {
    if (healthcheck) {
      const code = await new Promise((resolve) => {
        const hc = spawn("sh", ["-c", healthcheck], { env, stdio: "ignore" });
        hc.on("exit", resolve);
      });
      check(code === 0, "the HEALTHCHECK command passes");
    } else check(false, "the HEALTHCHECK command can be read");
    const home = await fetch(`${base}/`, { headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0" } });
    const html = await home.text();
    check(home.status === 200 && (html.match(/data-testid="position-card"/g) ?? []).length > 50, "serves the demo menu");
    const asset = html.match(/<link rel="modulepreload" href="([^"]+)"/)?.[1];
    check(Boolean(asset) && (await fetch(base + asset)).status === 200, "serves the client assets");
    const add = await fetch(`${base}/cart`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "add", positionId: "10031", menuId: "501", count: "1", redirectTo: "/" }),
    });
    check(add.status === 303 && add.headers.getSetCookie().some((c) => c.startsWith("sf_state=")), "takes a cart form post (303 and the cart cookie)");
    check((await fetch(`${base}/readyz`)).status === 200, "reports ready");
  }
  child.kill("SIGTERM");
  const end = await Promise.race([exited, new Promise((r) => setTimeout(() => r(null), 15_000))]);
  check(end !== null && end.code === 0, "exits 0 on SIGTERM");
  if (failures.length && stderr) console.error(stderr.slice(-4000));
} finally {
  const writable = (p) => {
    try {
      const st = statSync(p);
      if (st.isDirectory()) {
        chmodSync(p, 0o755);
        for (const name of readdirSync(p)) writable(join(p, name));
      }
    } catch {
      /* gone */
    }
  };
  writable(root);
  rmSync(root, { recursive: true, force: true });
}
if (failures.length) {
  console.error(`\n${failures.length} image check(s) failed`);
  process.exit(1);
}
console.log("\nimage file set: all checks passed");
