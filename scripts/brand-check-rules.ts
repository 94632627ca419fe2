/**
 * `npm run brand:check <file>` (issue 16): validates a brand file with the schema the server uses at start-up
 * (server/brand.ts) and says, for an operator who has not read the code, every problem once with its field
 * path and a hint, what the brand leaves switched off without saying so, and what it turns on.
 * Pure: the CLI (scripts/brand-check.mjs) reads the files and prints.
 */
import { brandSchema, type Brand } from "../server/brand";
import { ADD_ONS_MAX, ADD_ON_GROUP_IDS_MAX, ADD_ON_RULES_MAX } from "../app/lib/add-ons";

export interface BrandProblem {
  /** field path such as `theme.primary`, `(file)` for the whole file */
  path: string;
  message: string;
  hint: string;
}

export interface BrandCheck {
  problems: BrandProblem[];
  /** valid but probably not what was meant */
  warnings: BrandProblem[];
  /** one line per feature the brand turns on or off; empty when there are problems */
  summary: string[];
}

/** Hints by field path (the first segments); the longest match wins. */
const HINTS: Record<string, string> = {
  "(file)": "a brand file is one JSON object; start from a copy of brands/demo.json",
  whiteLabel: "the name the upstream platform knows the brand by, e.g. \"sushi-night\" (a change signs every customer out)",
  version: "any string, e.g. \"1\"; bump it to reset every customer's stored cart and location",
  displayName: "the brand's name as customers see it, 1–60 characters",
  description: "the meta description of the pages, up to 300 characters",
  mark: "a path under public/ such as \"/brands/my-brand/mark.svg\", or an https URL",
  favicon: "a path under public/ such as \"/brands/my-brand/favicon.svg\", or an https URL",
  theme: "{ \"mode\": \"dark\" or \"light\", \"primary\": \"#rrggbb\", \"onPrimary\": \"#rrggbb\" } plus optional background, surface, text",
  "theme.mode": "\"dark\" or \"light\"",
  bootLoader: "null for the default splash, or { \"text\": \"…\" } of up to 80 characters",
  authMethods: "a non-empty list of \"PHONE\", \"GOOGLE\", \"APPLE\", \"VK\"",
  cart: "{ \"personCount\": true|false, \"promoCodes\": true|false }",
  defaultLocation: "null, or { \"cityId\": <upstream city id>, \"deliveryMethod\": \"DELIVERY\" or \"TAKE_AWAY\", \"restoId\": <id> or null }",
  locales: "{ \"offered\": a list of \"ru\", \"en\", \"me\", \"default\": one of the offered }",
  keys: "public third-party ids; leave one out (or null) to turn its feature off",
  "keys.vkClientId": "VK ID app id: digits only, from id.vk.com",
  "keys.analyticsCounterId": "Yandex Metrica counter number: digits only",
  "keys.googleMapsBrowser": "a Maps JavaScript API key restricted to your site's referrer",
  termsOfSale: "the text of the 'Безопасность платежей' page, required",
  ignoredPreflightCodes: "a list of preflight error codes that should pass silently, e.g. [\"promo-code.hour-not-active\"]",
  fieldData: "{ \"enabled\": true|false, \"sampleRate\": 0–1 } — customers' Core Web Vitals, anonymous; default { \"enabled\": true, \"sampleRate\": 0.1 }",
  "fieldData.sampleRate": "the share of page views measured, from 0 to 1: 0.1 is one in ten",
  addOns:
    `{ "rules": [{ "groupIds": [<menu group id>, …] }, …], "max": 1–${ADD_ONS_MAX} } — the cart suggests, for each rule whose groups have no line in the cart, the first position of those groups one tap can add; no rules: off`,
  "addOns.rules": `an ordered list of at most ${ADD_ON_RULES_MAX} rules, each { "groupIds": [<menu group id>, …] }; an earlier rule's suggestion is shown first`,
  "addOns.rules.*": `a rule is { "groupIds": [<menu group id>, …] } and nothing else`,
  "addOns.rules.*.groupIds": `1–${ADD_ON_GROUP_IDS_MAX} menu group ids as the upstream numbers them, e.g. [50109, 50204]; 0 means the positions without a group ('Прочее')`,
  "addOns.max": `the most suggestions shown at once: a whole number from 1 to ${ADD_ONS_MAX} (default 3)`,
};

function hintFor(path: string[], fallback: string): string {
  // a list's index matches `*` (addOns.rules.2.groupIds → addOns.rules.*.groupIds)
  const general = path.map((segment) => (/^\d+$/.test(segment) ? "*" : segment));
  for (let n = general.length; n > 0; n--) {
    const hint = HINTS[general.slice(0, n).join(".")];
    if (hint) return hint;
  }
  return fallback;
}

const isAbsoluteUrl = (value: string) => /^https?:\/\//i.test(value);

export interface CheckOptions {
  /** answers whether a public path such as /brands/x/mark.svg exists under public/ (skipped when absent) */
  publicFileExists?: (path: string) => boolean;
}

export function checkBrand(raw: unknown, options: CheckOptions = {}): BrandCheck {
  const parsed = brandSchema.safeParse(raw);
  const problems: BrandProblem[] = [];
  const seen = new Set<string>();
  const add = (list: BrandProblem[], problem: BrandProblem) => {
    const key = `${problem.path}\u0000${problem.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    list.push(problem);
  };
  // the image files are checked even when the schema fails, so one run lists every problem
  const record = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  const warnings: BrandProblem[] = [];
  for (const field of ["mark", "favicon"] as const) {
    const value = record[field];
    if (typeof value !== "string" || value === "") continue;
    if (isAbsoluteUrl(value)) {
      if (!value.startsWith("https://")) add(warnings, { path: field, message: "not https", hint: "the page's Content-Security-Policy allows images over https only" });
    } else if (!value.startsWith("/")) {
      add(problems, { path: field, message: "must start with / (a path under public/) or be an https URL", hint: HINTS[field]! });
    } else if (options.publicFileExists && !options.publicFileExists(value)) {
      add(problems, { path: field, message: `public${value} does not exist`, hint: "put the file under public/ (it is copied into the image) or use an https URL" });
    }
  }
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String);
      const unknownKeys = issue.code === "unrecognized_keys" ? issue.keys : [];
      if (unknownKeys.length > 0) {
        // one problem per unknown field, at its own path, so a typo points at itself
        for (const key of unknownKeys) {
          add(problems, { path: [...path, key].join("."), message: "unknown field", hint: `not a brand field (a typo?); ${hintFor(path, "see the README's brand file table")}` });
        }
        continue;
      }
      add(problems, { path: path.join(".") || "(file)", message: issue.message, hint: hintFor(path.length ? path : ["(file)"], "see the README's brand file table") });
    }
  }
  if (!parsed.success || problems.length > 0) return { problems, warnings, summary: [] };

  const brand = parsed.data;
  const missingKey = (method: string, key: keyof Brand["keys"]) =>
    add(warnings, {
      path: `keys.${key}`,
      message: `authMethods has ${method} but keys.${key} is not set`,
      hint: `${method} sign-in is hidden against a real upstream (demo mode shows a stand-in); set keys.${key} or remove ${method}`,
    });
  if (brand.authMethods.includes("GOOGLE") && !brand.keys.googleClientId) missingKey("GOOGLE", "googleClientId");
  if (brand.authMethods.includes("APPLE") && !brand.keys.appleClientId) missingKey("APPLE", "appleClientId");
  if (brand.authMethods.includes("VK") && !brand.keys.vkClientId) missingKey("VK", "vkClientId");
  if (new Set(brand.authMethods).size !== brand.authMethods.length) add(warnings, { path: "authMethods", message: "a method is listed twice", hint: "list each method once" });
  if (brand.fieldData.enabled && brand.fieldData.sampleRate === 0)
    add(warnings, { path: "fieldData.sampleRate", message: "field data is enabled but samples no page view", hint: "set a share above 0 (0.1: one page view in ten), or \"enabled\": false" });
  // a group named twice: the later mention never suggests anything the earlier one would not
  const namedAt = new Map<number, number>();
  brand.addOns.rules.forEach((rule, r) =>
    rule.groupIds.forEach((groupId, g) => {
      const first = namedAt.get(groupId);
      if (first === undefined) namedAt.set(groupId, r);
      else
        add(warnings, {
          path: `addOns.rules.${r}.groupIds.${g}`,
          message: first === r ? `group ${groupId} is listed twice in this rule` : `group ${groupId} is also in rule ${first}`,
          hint: "name each menu group in one rule, once: the first rule naming it decides whether it is in the cart",
        });
    }),
  );

  return { problems, warnings, summary: summarize(brand) };
}

/** What the brand turns on, in an operator's words. */
export function summarize(brand: Brand): string[] {
  const k = brand.keys;
  const withKey = (method: string, key: string | null) => `${method}${key ? "" : " (demo stand-in only: no client id)"}`;
  const methods = brand.authMethods.map((m) =>
    m === "PHONE" ? "phone (SMS code)" : m === "GOOGLE" ? withKey("Google", k.googleClientId) : m === "APPLE" ? withKey("Apple", k.appleClientId) : withKey("VK ID", k.vkClientId),
  );
  const location = brand.defaultLocation
    ? `city ${brand.defaultLocation.cityId}, ${brand.defaultLocation.deliveryMethod === "DELIVERY" ? "delivery" : "takeaway"}${brand.defaultLocation.restoId ? `, restaurant ${brand.defaultLocation.restoId}` : ""}`
    : "none (the customer picks a city on the first visit)";
  return [
    `brand: ${brand.displayName} (whiteLabel ${brand.whiteLabel}, version ${brand.version}), ${brand.theme.mode} theme ${brand.theme.primary}`,
    `sign-in: ${methods.join(", ")}`,
    `maps: ${k.googleMapsBrowser ? "Google Maps (browser key set)" : "schematic map (no Google Maps browser key)"}`,
    `analytics: ${k.analyticsCounterId ? `counter ${k.analyticsCounterId}, after the customer's consent` : "off"}`,
    `captcha: ${k.captchaSiteKey ? "on" : "off"}`,
    `languages: ${brand.locales.offered.join(", ")} (default ${brand.locales.default})`,
    `cart: person count ${brand.cart.personCount ? "on" : "off"}, promo codes ${brand.cart.promoCodes ? "on" : "off"}`,
    `first visit: ${location}`,
    `boot loader: ${brand.bootLoader ? `"${brand.bootLoader.text}"` : "default splash"}`,
    `cart add-ons: ${brand.addOns.rules.length > 0 ? `${brand.addOns.rules.length} rule${brand.addOns.rules.length === 1 ? "" : "s"}, at most ${brand.addOns.max} suggestion${brand.addOns.max === 1 ? "" : "s"}` : "off (no rules)"}`,
    `field data (Core Web Vitals to the metrics port): ${brand.fieldData.enabled && brand.fieldData.sampleRate > 0 ? `on, ${formatShare(brand.fieldData.sampleRate)} of page views` : "off"}`,
  ];
}

/** 0.1 → "10 %", 0.005 → "0.5 %" */
function formatShare(rate: number): string {
  return `${Number((rate * 100).toPrecision(3))} %`;
}
