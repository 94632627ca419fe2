/**
 * ADR 122: a page carries the shell's messages and its route's own set, not the whole catalog. A message a page can
 * show but does not carry would reach the customer as its key ("cart.title"), so this reads every module each page
 * route can reach (static and dynamic imports, the lazily loaded dialogs and validators too) and fails if a message
 * named there is in neither the shell's set, nor the route's, nor a parent route's.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeMessages, pickMessages, ROUTE_MESSAGES, SHELL_MESSAGES } from "~/i18n/message-sets";
import type { MessageTree } from "~/i18n/messages";
import { createTranslator } from "~/i18n/translator";
import en from "~/i18n/locales/en";
import ru from "~/i18n/locales/ru";

const ROOT = resolve(__dirname, "../..");
const NAMESPACES = Object.keys(ru);
/** a string literal that starts with a namespace and a dot: a message's key, or the fixed start of a built one */
const KEY = new RegExp(`["'\`]((?:${NAMESPACES.join("|")})\\.[A-Za-z0-9_.]*)`, "g");
const IMPORT = /(?:import|export)\s+(type\s+)?[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("~/")) base = join(ROOT, "app", spec.slice(2));
  else if (spec.startsWith("~server/")) base = join(ROOT, "server", spec.slice(8));
  else if (spec.startsWith(".")) base = resolve(dirname(from), spec);
  else return null;
  for (const file of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

type ModuleInfo = { imports: string[]; keys: string[] };
const modules = new Map<string, ModuleInfo>();
function moduleInfo(file: string): ModuleInfo {
  let info = modules.get(file);
  if (info) return info;
  const source = readFileSync(file, "utf8");
  const imports: string[] = [];
  for (const m of source.matchAll(IMPORT)) {
    if (m[1]) continue; // `import type`: no code
    const target = resolveImport(file, m[2] ?? m[3] ?? "");
    // the message tables themselves, and the upstream twin (its "auth.forbidden"… are the upstream's error codes)
    if (target && !target.includes("/i18n/locales/") && !target.includes("/server/demo/")) imports.push(target);
  }
  // the sets' own table names paths, not messages it shows
  const keys = file.endsWith("/i18n/message-sets.ts") ? [] : [...source.matchAll(KEY)].map((m) => (m[1] ?? "").replace(/\.+$/, ""));
  modules.set(file, (info = { imports, keys }));
  return info;
}

/** every message key (or fixed start of one) named by the modules `entry` can reach, with the module naming it */
function keysReachedFrom(entry: string): Map<string, string> {
  const seen = new Set<string>();
  const stack = [entry];
  const keys = new Map<string, string>();
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const info = moduleInfo(file);
    for (const key of info.keys) if (!keys.has(key)) keys.set(key, file.slice(ROOT.length + 1));
    stack.push(...info.imports);
  }
  return keys;
}

const covers = (paths: readonly string[], key: string) =>
  paths.some((path) => key === path || key.startsWith(`${path}.`) || key.startsWith(`${path}_`));

const routeFiles = readdirSync(join(ROOT, "app/routes")).filter((f) => /\.tsx?$/.test(f));
const routeId = (file: string) => `routes/${file.replace(/\.tsx?$/, "")}`;
const pageRoutes = routeFiles.filter((f) => /export default /.test(readFileSync(join(ROOT, "app/routes", f), "utf8")));
const ids = new Set(routeFiles.map(routeId));
/** a flat route's parents: the shorter dotted prefixes that are routes themselves ("menus.$menuId" of its layers) */
function parents(id: string): string[] {
  const parts = id.slice("routes/".length).split(".");
  const found: string[] = [];
  for (let n = parts.length - 1; n > 0; n--) {
    const candidate = `routes/${parts.slice(0, n).join(".")}`;
    if (ids.has(candidate)) found.push(candidate);
  }
  return found;
}
const setOf = (id: string): readonly string[] => (ROUTE_MESSAGES as Record<string, readonly string[]>)[id] ?? [];

describe("the messages each page carries (ADR 122)", () => {
  it("the shell's set covers every message the page frame names", () => {
    const missing = [...keysReachedFrom(join(ROOT, "app/root.tsx"))].filter(([key]) => !covers(SHELL_MESSAGES, key));
    expect(missing.map(([key, file]) => `${key} (${file})`)).toEqual([]);
  });

  it.each(pageRoutes)("%s carries every message its modules name", (file) => {
    const id = routeId(file);
    const carried = [...SHELL_MESSAGES, ...setOf(id), ...parents(id).flatMap(setOf)];
    const missing = [...keysReachedFrom(join(ROOT, "app/routes", file))].filter(([key]) => !covers(carried, key));
    expect(missing.map(([key, from]) => `${key} (${from})`)).toEqual([]);
  });

  it("names only page routes that exist, and paths that exist in every locale", () => {
    for (const id of Object.keys(ROUTE_MESSAGES)) expect(pageRoutes.map(routeId)).toContain(id);
    for (const tree of [ru, en] as unknown as MessageTree[]) {
      for (const path of [...SHELL_MESSAGES, ...Object.values(ROUTE_MESSAGES).flat()]) {
        expect(Object.keys(pickMessages(tree, [path])), path).not.toHaveLength(0);
      }
    }
  });

  it("the scan finds what a page names: the cart's title is the cart's, not the shell's", () => {
    const keys = keysReachedFrom(join(ROOT, "app/routes/cart.tsx"));
    expect(keys.has("cart.title")).toBe(true);
    expect(covers(SHELL_MESSAGES, "cart.title")).toBe(false);
    expect(covers(setOf("routes/cart"), "cart.title")).toBe(true);
  });
});

describe("pickMessages / mergeMessages", () => {
  const tree = { a: { b: "1", c: "2", items_one: "one", items_other: "many" }, d: { e: "3" } } as MessageTree;

  it("picks whole namespaces, single messages with their plural forms, and skips paths that are not there", () => {
    expect(pickMessages(tree, ["d"])).toEqual({ d: { e: "3" } });
    expect(pickMessages(tree, ["a.b", "a.items", "x.y", "d.e.f"])).toEqual({ a: { b: "1", items_one: "one", items_other: "many" } });
  });

  it("translates a plural picked by its key as the whole tree does", () => {
    const picked = createTranslator("ru", pickMessages(ru as unknown as MessageTree, ["reorder.repeat", "auth.signOut"]));
    const whole = createTranslator("ru", ru as never);
    expect(picked.t("auth.signOut")).toBe(whole.t("auth.signOut"));
    expect(picked.t("auth.signOut")).not.toBe("auth.signOut");
    expect(picked.t("cart.title")).toBe("cart.title");
  });

  it("merges the shell's tree with a page's, deeply, and gives the same object for the same trees", () => {
    const shell = pickMessages(tree, ["a.b"]);
    const page = pickMessages(tree, ["a", "d"]);
    const both = mergeMessages([shell, page]);
    expect(both).toEqual(tree);
    expect(mergeMessages([shell, page])).toBe(both);
    expect(mergeMessages([shell])).toBe(shell);
  });
});
