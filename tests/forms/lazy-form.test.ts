import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IDLE_LOAD_TIMEOUT_MS, whenIdleOrTouched } from "~/lib/when-idle";
import { createTranslator } from "~/i18n/translator";
import ru from "~/i18n/locales/ru";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.set(k, v);
  return data;
};

describe("when the browser's validation is fetched (ADR 104)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("at the first touch of the form, once, and the idle timer no longer fires", () => {
    vi.useFakeTimers();
    const start = vi.fn();
    const schedule = whenIdleOrTouched(start);
    expect(start).not.toHaveBeenCalled();
    schedule.touched();
    schedule.touched();
    vi.advanceTimersByTime(IDLE_LOAD_TIMEOUT_MS * 2);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("when the browser is idle (at the latest after the timeout) if nobody touched the form", () => {
    vi.useFakeTimers();
    const start = vi.fn();
    whenIdleOrTouched(start, 500);
    vi.advanceTimersByTime(499);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("never, once the form is gone", () => {
    vi.useFakeTimers();
    const start = vi.fn();
    whenIdleOrTouched(start, 500).cancel();
    vi.advanceTimersByTime(5_000);
    expect(start).not.toHaveBeenCalled();
  });
});

describe("the lazily fetched validators are the actions' schemas", () => {
  const t = createTranslator("ru", ru).t;

  it("checkout, sign-in and promo code answer the spec's messages", async () => {
    const { parseCheckoutForm } = await import("~/features/checkout/checkout-schema");
    const { parsePhoneForm, parseCodeForm } = await import("~/features/auth/forms");
    const { parsePromoForm } = await import("~/features/cart/promo");
    const checkout = parseCheckoutForm(form({ intent: "checkout", name: "", phone: "12", paymentMethod: "CARD_ONLINE" }), t).reply();
    expect(checkout.error?.name).toEqual(["Введите ваше имя"]);
    expect(checkout.error?.phone).toEqual(["Укажите корректный номер"]);
    expect(checkout.error?.receiptEmail).toEqual(["Укажите email для получения чека"]);
    // a blur's check (conform's validate intent) reads as the submit's does
    const blur = form({ intent: "checkout", name: "", phone: "12", __intent__: JSON.stringify({ type: "validate", payload: { name: "phone" } }) });
    expect(parseCheckoutForm(blur, t).reply().error?.phone).toEqual(["Укажите корректный номер"]);
    expect(parsePhoneForm(form({ phone: "" }), t).reply().error).toEqual({ phone: ["Введите номер телефона"] });
    expect(parseCodeForm(form({ code: "12" }), t).reply().error).toEqual({ code: ["Слишком короткий SMS-код"] });
    expect(parsePromoForm(form({ code: "X".repeat(41) }), t).reply().error?.code?.[0]).toMatch(/40/);
  });
});

/**
 * What a page's first view loads is its route module and everything that imports statically (dynamic
 * `import()` and type-only imports are not in it; *.server modules are dropped from the browser build).
 */
const ROOT = path.resolve(__dirname, "../..");
const FORBIDDEN = ["zod", "@conform-to/zod", "libphonenumber-js"];

function resolveModule(spec: string, from: string): string | null {
  const base = spec.startsWith("~/") ? path.join(ROOT, "app", spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(from), spec) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (existsSync(candidate) && !candidate.endsWith("/") && path.extname(candidate)) return candidate;
  }
  return null;
}

/** the packages `entry` reaches through static, value imports; each with the file that imports it */
function firstViewPackages(entry: string): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [path.join(ROOT, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
    for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?([^"';]*?)\s*from\s*["']([^"']+)["']/gm)) {
      const [, , typeOnly, clause = "", spec = ""] = m;
      const specifiers = clause.replace(/[{}]/g, "").split(",").map((s) => s.trim()).filter(Boolean);
      if (typeOnly || (specifiers.length > 0 && specifiers.every((s) => s.startsWith("type ")))) continue;
      if (/\.server(\.tsx?)?$/.test(spec)) continue;
      const target = resolveModule(spec, file);
      if (target) queue.push(target);
      else if (!spec.startsWith(".") && !spec.startsWith("~")) packages.set(spec, path.relative(ROOT, file));
    }
  }
  return packages;
}

describe("first views without the validation code (ADR 104)", () => {
  it.each(["app/routes/cart.tsx", "app/routes/auth.tsx", "app/routes/location.tsx"])("%s imports no zod, conform's zod parser or libphonenumber", (route) => {
    const found = [...firstViewPackages(route)].filter(([name]) => FORBIDDEN.some((f) => name === f || name.startsWith(`${f}/`)));
    // the sign-in page's VK One Tap protocol reads its messages with zod (not a form): allowed there only
    const allowed = route.endsWith("auth.tsx") ? found.filter(([, file]) => !file.endsWith("vk-one-tap-protocol.ts")) : found;
    expect(allowed).toEqual([]);
  });

  it("the walk sees what a form's validator module imports (it would catch a static import of one)", () => {
    expect([...firstViewPackages("app/features/checkout/checkout-schema.ts").keys()]).toEqual(expect.arrayContaining(FORBIDDEN));
  });
});
