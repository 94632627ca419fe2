#!/usr/bin/env node
// `npm start`: build once if there is no production build yet (a fresh clone), then serve it with
// server.mjs on PORT (default 3000). With no UPSTREAM_API_URL the storefront runs in demo mode.
import { spawnSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("build/server/index.js") || process.env.FORCE_BUILD === "1") {
  console.log("No production build yet: building (about half a minute)…");
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // the brands' PNG app icons (ADR 154); without them the manifest lists the SVG icons only
  spawnSync(process.execPath, ["scripts/pwa-icons.mjs"], { stdio: "inherit" });
}
process.env.NODE_ENV ??= "production";
const child = spawn(process.execPath, ["server.mjs"], { stdio: "inherit", env: process.env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
