#!/usr/bin/env node
/**
 * Writes docs/decisions/README.md, the index of the ADRs: number, title, status and what supersedes each, read
 * from the files themselves (a `**Status.**` line; "Superseded by NNN" anywhere). `--check` only compares and
 * exits 1 when the index is out of date (the unit test runs that).
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../docs/decisions");

export function adrIndex() {
  const rows = readdirSync(dir)
    .filter((f) => /^\d{3}-.*\.md$/.test(f))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(dir, file), "utf8");
      const title = (/^#\s*\d{3}\s*[—-]\s*(.+)$/m.exec(text)?.[1] ?? file).trim();
      const status = (/\*\*Status\.\*\*\s*([^.\n;(]+)/.exec(text)?.[1] ?? "Accepted").trim();
      const by = [...text.matchAll(/[Ss]uperseded by (?:ADR )?(\d{3})/g)].map((m) => m[1]);
      const superseded = by.length ? [...new Set(by)].map((n) => `[${n}](${readdirSync(dir).find((f) => f.startsWith(`${n}-`)) ?? ""})`).join(", ") : "";
      return `| [${file.slice(0, 3)}](${file}) | ${title.replace(/\|/g, "\\|")} | ${by.length && status === "Accepted" ? "Superseded" : status} | ${superseded} |`;
    });
  return [
    "# Decisions",
    "",
    "Short architecture decision records: context, decision, consequences. This index is written by",
    "`node scripts/adr-index.mjs` from the files (their `**Status.**` line and any \"Superseded by NNN\"); a unit test",
    "fails when it is out of date.",
    "",
    "| ADR | title | status | superseded by |",
    "| --- | --- | --- | --- |",
    ...rows,
    "",
  ].join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const index = adrIndex();
  const file = path.join(dir, "README.md");
  if (process.argv.includes("--check")) {
    let current = "";
    try {
      current = readFileSync(file, "utf8");
    } catch {
      // no index yet: it is out of date
    }
    if (current !== index) {
      console.error("docs/decisions/README.md is out of date: run node scripts/adr-index.mjs");
      process.exit(1);
    }
  } else writeFileSync(file, index);
}
