/**
 * Start-up configuration: environment (server/env.mjs) + brand file, validated with zod. A bad or missing value
 * stops the server before it listens, with one line per field (`loadConfig` throws ConfigError; server.mjs prints
 * its lines and exits).
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { brandSchema, type Brand } from "./brand";
import { issueLines, readEnv, type Env } from "./env.mjs";

export type { Env };

export interface Config {
  env: Env;
  brand: Brand;
  demo: boolean;
  production: boolean;
  sessionSecrets: string[];
  /** non-fatal notes for the start-up log */
  warnings: string[];
}

export class ConfigError extends Error {
  constructor(public readonly lines: string[]) {
    super(`Invalid configuration:\n${lines.map((l) => `  - ${l}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export function readBrandFile(path: string, cwd = process.cwd()): { brand?: Brand; errors: string[] } {
  const full = resolve(cwd, path);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(full, "utf8"));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "file not found" : "not valid JSON";
    return { errors: [`BRAND_CONFIG: ${full}: ${reason}`] };
  }
  const parsed = brandSchema.safeParse(raw);
  if (!parsed.success) return { errors: issueLines(parsed.error, `brand file ${path}: `) };
  return { brand: parsed.data, errors: [] };
}

/**
 * Pure: the environment and the brand file it names, validated together; throws ConfigError listing every bad
 * field. `server.mjs` calls it (through `createServices`) before it listens (ADR 137).
 */
export function loadConfig(source: Record<string, string | undefined>, cwd = process.cwd()): Config {
  const read = readEnv(source);
  const env = read.env;
  const errors: string[] = [...read.errors];
  const { brand, errors: brandErrors } = readBrandFile(env?.BRAND_CONFIG ?? (source.BRAND_CONFIG || "brands/demo.json"), cwd);
  errors.push(...brandErrors);

  const warnings: string[] = [];
  if (env) {
    const demo = !env.UPSTREAM_API_URL;
    const production = env.NODE_ENV === "production";
    if (!demo && production && !env.SESSION_SECRET) {
      errors.push("SESSION_SECRET: required in production against a real upstream (at least 32 characters)");
    }
    if (!demo && !env.UPSTREAM_API_KEY) {
      errors.push("UPSTREAM_API_KEY: required when UPSTREAM_API_URL is set");
    }
    if (!demo && (env.DEMO_CONTROLS || env.DEMO_LARGE_MENU || env.DEMO_UPSTREAM_LATENCY_MS > 0)) {
      errors.push("DEMO_CONTROLS, DEMO_LARGE_MENU, DEMO_UPSTREAM_LATENCY_MS: demo mode only (unset UPSTREAM_API_URL or these)");
    }
    if (errors.length === 0 && brand) {
      let sessionSecrets = env.SESSION_SECRET?.split(",").map((s) => s.trim()) ?? [];
      if (sessionSecrets.length === 0) {
        sessionSecrets = [randomBytes(32).toString("base64url")];
        warnings.push("SESSION_SECRET is not set: generated a random one; sessions end when the server restarts");
      }
      if (demo) warnings.push("Demo mode: no UPSTREAM_API_URL, answering from the in-process upstream twin");
      return { env, brand, demo, production, sessionSecrets, warnings };
    }
  }
  throw new ConfigError(errors);
}
