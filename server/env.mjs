/**
 * The environment the storefront reads, all of it, validated with zod (ADR 137). Plain JavaScript so that
 * `server.mjs` can check it before it imports the build (whose place, BUILD_DIR, is one of these values);
 * `server/config.ts` adds the brand file and the rules that join both. Nothing else reads `process.env`.
 */
import { z } from "zod";
import { trustProxyProblem } from "./proxy-trust.mjs";

const port = z.coerce.number().int().min(1).max(65535);
/** "1" turns a switch on; anything else (or nothing) leaves it off */
const flag = z.string().optional().transform((value) => value === "1");

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: port.default(3000),
  /** address to listen on */
  HOST: z.string().min(1).default("0.0.0.0"),
  /** where the production build is */
  BUILD_DIR: z.string().min(1).default("build"),
  /** on SIGTERM, how long requests in flight may take before connections are closed */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /**
   * which proxies' X-Forwarded-* headers to trust, in Express's syntax (the proxy's address or subnet, `loopback`, a
   * hop count, "true"/"false"); the client address of the rate limits is Express's `req.ip` (ADR 031). Unset: nobody
   * — the peer is the client, and a header the client sends never chooses its address; behind a proxy, name it
   * (ADR 143: server/proxy-trust.mjs says at start and at run time when the limits cannot see customers' addresses)
   */
  TRUST_PROXY: z
    .string()
    .min(1)
    .default("false")
    .superRefine((value, ctx) => {
      const problem = trustProxyProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  /** Prometheus metrics on this second port; unset: off */
  METRICS_PORT: port.optional(),
  /** upstream platform API base; unset → demo mode (the in-process twin) */
  UPSTREAM_API_URL: z
    .string()
    .url("must be an absolute URL such as https://api.example.com")
    .refine((u) => /^https?:\/\//.test(u), "must start with http:// or https://")
    .optional(),
  /** API key the upstream expects in sign-in bodies */
  UPSTREAM_API_KEY: z.string().min(1).optional(),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /**
   * timeout of each upstream POST (an order, a sign-in): past it an order's outcome is unknown and asked of the
   * upstream later (ADR 145); long enough for a slow platform, short enough that the customer hears within 30 s
   */
  UPSTREAM_POST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(25_000).default(15_000),
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
  PUBLIC_ORIGIN: z
    .string()
    .url("must be an origin such as https://order.example.com")
    .refine((u) => /^https?:\/\//.test(u), "must start with http:// or https://")
    .optional(),
  /** server-side Google key for Geocoding / Places (never sent to the browser) */
  GOOGLE_MAPS_SERVER_KEY: z.string().min(1).optional(),
  REDIS_URL: z
    .string()
    .url("must be a URL such as redis://redis:6379")
    .refine((u) => /^rediss?:\/\//.test(u), "must start with redis:// or rediss://")
    .optional(),
  CATALOG_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** memory for whole rendered documents answered again without React (ADR 127); 0 turns the cache off */
  DOCUMENT_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).optional(),
  /** demo mode only: the controls the browser tests and the bench use (never against a real upstream) */
  DEMO_CONTROLS: flag,
  /** demo mode only: the twin answers this much later (bench, manual testing) */
  DEMO_UPSTREAM_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** demo mode only: the twin's 1,000-position menu (bench) */
  DEMO_LARGE_MENU: flag,
  /** the version the health check reports (npm sets it for `npm start`) */
  npm_package_version: z.string().max(40).default("0.1.0"),
});

/** @typedef {z.infer<typeof envSchema> & { LOG_LEVEL: "debug" | "info" | "warn" | "error" | "silent" }} Env */

/**
 * One line per bad field: "NAME: what is wrong".
 * @param {z.ZodError} error
 * @param {string} [prefix]
 */
export function issueLines(error, prefix = "") {
  return error.issues.map((issue) => `${prefix}${issue.path.length ? issue.path.join(".") : "(file)"}: ${issue.message}`);
}

/**
 * Pure: the environment's values, or every problem with it. Empty values count as unset. Variables the storefront
 * does not know are ignored.
 * @param {Record<string, string | undefined>} source
 * @returns {{ env: Env, errors: [] } | { env: null, errors: string[] }}
 */
export function readEnv(source) {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) return { env: null, errors: issueLines(parsed.error) };
  const data = parsed.data;
  // tests log warnings and errors only, unless they ask for more
  const env = { ...data, LOG_LEVEL: data.LOG_LEVEL ?? (data.NODE_ENV === "test" ? "warn" : "info") };
  return { env, errors: [] };
}
