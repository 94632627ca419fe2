import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PNG_ICONS } from "~/lib/pwa";

/**
 * Issue 36 §7, ADR 154: `npm run build` makes every brand's PNG icons (scripts/pwa-icons.mjs, resvg as WebAssembly):
 * real PNGs of the sizes the manifest and the document name, from the mark or, without one, from the colours.
 */
const dir = mkdtempSync(join(tmpdir(), "pwa-icons-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** width and height from a PNG's IHDR chunk; throws when the bytes are not a PNG */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe("the brands' PNG icons, made at build time", () => {
  it("a PNG of each size per brand, with and without a mark", { timeout: 60_000 }, () => {
    mkdirSync(join(dir, "client"), { recursive: true });
    const noMark = join(dir, "no-mark.json");
    writeFileSync(
      noMark,
      JSON.stringify({ whiteLabel: "no-mark", displayName: "Без знака", mark: "https://cdn.example/mark.png", theme: { mode: "light", primary: "#0f766e", onPrimary: "#ffffff" } }),
    );
    const run = spawnSync(process.execPath, ["scripts/pwa-icons.mjs", "brands/demo.json", "brands/sushi-night.json", noMark], {
      env: { ...process.env, BUILD_DIR: dir },
      encoding: "utf8",
    });
    expect(run.status, run.stderr).toBe(0);
    for (const brand of ["demo-pizza", "sushi-night", "no-mark"]) {
      for (const icon of PNG_ICONS) {
        const bytes = readFileSync(join(dir, "client", "icons", brand, icon.file));
        expect(pngSize(bytes), `${brand}/${icon.file}`).toEqual({ width: icon.size, height: icon.size });
        expect(bytes.length).toBeGreaterThan(500); // drawn, not empty
      }
    }
  });
});
