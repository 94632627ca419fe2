import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

/**
 * Folders in the system's temp folder for one test file (or describe block), removed when its tests are done, so that
 * runs leave nothing behind. Call it where hooks may be registered (a file's top level or a describe's body); the
 * function it returns makes a new folder each time.
 */
export function tempFolders(prefix: string): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}
