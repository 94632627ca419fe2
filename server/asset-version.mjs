/**
 * Content versions for the public files pages name by a fixed path (the brand's mark and favicon): a page links
 * them as `/brands/demo/mark.svg?v=<version>`, and a request that names the file's current version may keep it
 * for a year (`immutable`), like Vite's hashed assets; without it, or with a stale one, the file gets an hour.
 * Shared by server.mjs (the header) and the root loader (the URL).
 */
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";

const versions = new Map();

/**
 * The first 12 hex digits of the file's SHA-256, or null when it is not a readable file. Remembered per path, size
 * and modification time (a file replaced in place gets a new version).
 * @param {string} file
 * @returns {string | null}
 */
export function fileVersion(file) {
  let stat;
  try {
    stat = statSync(file);
  } catch {
    return null;
  }
  if (!stat.isFile()) return null;
  const key = `${file}\0${stat.size}\0${stat.mtimeMs}`;
  let version = versions.get(key);
  if (version === undefined) {
    try {
      version = createHash("sha256").update(readFileSync(file)).digest("hex").slice(0, 12);
    } catch {
      return null;
    }
    versions.set(key, version);
  }
  return version;
}

const urls = new Map();

/**
 * `url` with `?v=<version>` when it is a root-relative path of a file under `root`; any other URL (absolute, with a
 * query, outside `root`, missing) as it is. Remembered per URL for the process's life: public files change only
 * with a new release, which is a new process.
 * @param {string} url
 * @param {string} [root]
 * @returns {string}
 */
export function versionedUrl(url, root = "public") {
  const known = urls.get(url);
  if (known !== undefined) return known;
  let result = url;
  if (url.startsWith("/") && !url.startsWith("//") && !/[?#]/.test(url)) {
    const base = path.resolve(root);
    let file = "";
    try {
      file = path.resolve(base, `.${decodeURIComponent(url)}`);
    } catch {
      file = "";
    }
    const version = file.startsWith(base + path.sep) ? fileVersion(file) : null;
    if (version) result = `${url}?v=${version}`;
  }
  urls.set(url, result);
  return result;
}

/** what a public file's answer may be kept for */
export const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Whether a request for `file` named its current version (`?v=` as Express parsed it).
 * @param {unknown} requested
 * @param {string} file
 */
export function namesCurrentVersion(requested, file) {
  return typeof requested === "string" && requested.length > 0 && requested === fileVersion(file);
}
