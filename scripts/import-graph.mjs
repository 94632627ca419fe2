#!/usr/bin/env node
/**
 * The import graph of app/ and server/ (issue 13): import circles, and the rules the layout promises —
 * app/lib (pure rules and the data model) imports nothing from server/ or from the UI; server/ imports from
 * app/ only the pure layers (app/lib, app/i18n). Prints a summary; exits 1 when a rule is broken.
 * `node scripts/import-graph.mjs --json` prints the findings as JSON (the unit test reads that).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const EXTENSIONS = [".ts", ".tsx", ".js", ".mjs"];

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (EXTENSIONS.some((e) => name.endsWith(e)) && !name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

function resolveFile(base) {
  for (const candidate of [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, `index${e}`))]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function resolve(spec, from) {
  if (spec.startsWith("~server/")) return resolveFile(path.join(root, "server", spec.slice(8)));
  if (spec.startsWith("~/")) return resolveFile(path.join(root, "app", spec.slice(2)));
  if (spec.startsWith(".")) return resolveFile(path.resolve(path.dirname(from), spec));
  return null; // a package
}

// `import … from "x"`, `export … from "x"`, `import "x"`, `import("x")`; type-only imports count as well
const IMPORT = /(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:[^"';]*?\sfrom\s*)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

export function importGraph() {
  const files = [...walk(path.join(root, "app")), ...walk(path.join(root, "server"))];
  const graph = new Map();
  for (const file of files) {
    const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
    const deps = new Set();
    for (const m of text.matchAll(IMPORT)) {
      const target = resolve(m[2] ?? m[3], file);
      if (target) deps.add(target);
    }
    graph.set(file, deps);
  }
  return graph;
}

/** strongly connected components of more than one file (or a file importing itself): the import circles */
export function circles(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const strong = (v) => {
    indexOf.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indexOf.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indexOf.get(w)));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.has(v)) found.push(component.map((f) => path.relative(root, f)).sort());
    }
  };
  for (const v of graph.keys()) if (!indexOf.has(v)) strong(v);
  return found;
}

const RULES = [
  { name: "app/lib imports nothing from server/ or the UI", from: /^app\/lib\//, to: /^(server\/|app\/(?!lib\/))/ },
  { name: "server/ imports from app/ only app/lib and app/i18n", from: /^server\//, to: /^app\/(?!lib\/|i18n\/)/ },
  // the demo stand-ins (captcha, payment, controls) come from the services in demo mode (ADR 137), never by import
  { name: "app/features never imports the demo twin (server/demo)", from: /^app\/features\//, to: /^server\/demo\// },
];

export function ruleBreaches(graph) {
  const breaches = [];
  for (const [file, deps] of graph) {
    const from = path.relative(root, file);
    for (const dep of deps) {
      const to = path.relative(root, dep);
      for (const rule of RULES) if (rule.from.test(from) && rule.to.test(to)) breaches.push({ rule: rule.name, from, to });
    }
  }
  return breaches;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const graph = importGraph();
  const found = { files: graph.size, edges: [...graph.values()].reduce((n, d) => n + d.size, 0), circles: circles(graph), breaches: ruleBreaches(graph) };
  if (process.argv.includes("--json")) console.log(JSON.stringify(found));
  else {
    console.log(`${found.files} modules, ${found.edges} imports; ${found.circles.length} import circles; ${found.breaches.length} layering breaches`);
    for (const c of found.circles) console.log(`circle: ${c.join(" → ")}`);
    for (const b of found.breaches) console.log(`breach (${b.rule}): ${b.from} → ${b.to}`);
  }
  process.exit(found.circles.length || found.breaches.length ? 1 : 0);
}
