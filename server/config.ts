/**
 * Start-up configuration: environment + brand file, validated with zod. A bad or missing value stops
 * the server with one line per field (`loadConfig` throws ConfigError; `getConfig` prints and exits).
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { z } from "zod";
import { brandSchema, type Brand } from "./brand";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** upstream platform API base; unset → demo mode (the in-process twin) */
  UPSTREAM_API_URL: z
    .string()
    .url("must be an absolute URL such as https://api.example.com")
    .refine((u) => /^https?:\/\//.test(u), "must start with http:// or https://")
    .optional(),
  /** API key the upstream expects in sign-in bodies */
  UPSTREAM_API_KEY: z.string().min(1).optional(),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** how long the circuit breaker fails fast before it lets a trial call through */
  UPSTREAM_BREAKER_RESET_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** comma-separated; the first encrypts, all decrypt (rotation) */
  SESSION_SECRET: z
    .string()
    .optional()
    .refine(
      (s) => s === undefined || s.split(",").every((part) => part.trim().length >= 32),
      "each comma-separated secret needs at least 32 characters",
    ),
  BRAND_CONFIG: z.string().min(1).default("brands/demo.json"),
  /** public origin, e.g. https://order.example.com (canonical URLs, Open Graph, origin checks) */
  PUBLIC_ORIGIN: z.string().url().optional(),
  /** server-side Google key for Geocoding / Places (never sent to the browser) */
  GOOGLE_MAPS_SERVER_KEY: z.string().min(1).optional(),
  REDIS_URL: z.string().url().optional(),
  CATALOG_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** memory for whole rendered documents answered again without React (ADR 127); 0 turns the cache off */
  DOCUMENT_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
});

export type Env = z.infer<typeof envSchema>;

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

function issueLines(prefix: string, error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.length ? issue.path.join(".") : "(file)";
    return `${prefix}${path}: ${issue.message}`;
  });
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
  if (!parsed.success) return { errors: issueLines(`brand file ${path}: `, parsed.error) };
  return { brand: parsed.data, errors: [] };
}

/** Pure: validate an environment; throws ConfigError listing every bad field. */
export function loadConfig(source: Record<string, string | undefined> = process.env, cwd = process.cwd()): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsedEnv = envSchema.safeParse(cleaned);
  const errors: string[] = parsedEnv.success ? [] : issueLines("", parsedEnv.error);
  const env = parsedEnv.success ? parsedEnv.data : undefined;

  const { brand, errors: brandErrors } = readBrandFile(env?.BRAND_CONFIG ?? String(cleaned.BRAND_CONFIG ?? "brands/demo.json"), cwd);
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

let cached: Config | undefined;

/** The process-wide configuration; on a bad value prints one line per field and exits. */
export function getConfig(): Config {
  if (cached) return cached;
  try {
    cached = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  return cached;
}

/** Tests only: forget the cached configuration. */
export function resetConfigForTests() {
  cached = undefined;
}
