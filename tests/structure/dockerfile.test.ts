import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * The image holds server.mjs and only the files it names (Dockerfile): a plain module server.mjs imports but the
 * image lacks stops the container at start-up, which only the deploy test (podman) would otherwise see.
 */
describe("the image", () => {
  it("copies every local module server.mjs imports", () => {
    const server = readFileSync("server.mjs", "utf8");
    const dockerfile = readFileSync("Dockerfile", "utf8");
    const imported = [...server.matchAll(/^import [^;]*? from "\.\/([^"]+)";/gm)].map((m) => m[1]);
    expect(imported.length).toBeGreaterThan(0);
    const copied = dockerfile
      .split("\n")
      .filter((line) => line.startsWith("COPY --chown=root:root "))
      .flatMap((line) => line.split(/\s+/).slice(2, -1));
    for (const file of imported) expect(copied, file).toContain(file);
  });

  it("copies only files that are there (a COPY of a missing file stops the image's build)", () => {
    const dockerfile = readFileSync("Dockerfile", "utf8");
    const copied = dockerfile
      .split("\n")
      .filter((line) => line.startsWith("COPY --chown=root:root "))
      .flatMap((line) => line.split(/\s+/).slice(2, -1));
    expect(copied.length).toBeGreaterThan(0);
    for (const file of copied) expect(existsSync(file), file).toBe(true);
  });
});
