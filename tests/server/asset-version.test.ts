import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tempFolders } from "../temp-folders";
import { fileVersion, namesCurrentVersion, versionedUrl } from "../../server/asset-version.mjs";

const publicFolder = tempFolders("asset-version-");

function publicDir(files: Record<string, string>) {
  const root = publicFolder();
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
  return root;
}

describe("content versions of public files (the brand's mark and favicon)", () => {
  it("names a file of the public folder by its content: same content, same version; other content, another", () => {
    const root = publicDir({ "mark.svg": "<svg>a</svg>", "same.svg": "<svg>a</svg>", "other.svg": "<svg>b</svg>" });
    const mark = versionedUrl("/mark.svg", root);
    expect(mark).toMatch(/^\/mark\.svg\?v=[0-9a-f]{12}$/);
    expect(versionedUrl("/same.svg", root).split("?")[1]).toBe(mark.split("?")[1]);
    expect(versionedUrl("/other.svg", root).split("?")[1]).not.toBe(mark.split("?")[1]);
  });

  it("leaves alone what is not a file of the folder: remote, protocol-relative, with a query, missing, outside", () => {
    const root = publicDir({ "mark.svg": "<svg/>" });
    for (const url of ["https://cdn.example.com/mark.svg", "//cdn.example.com/mark.svg", "/mark.svg?size=2", "/missing.svg", "/../mark.svg", "/%2e%2e/etc/passwd", "/"]) {
      expect(versionedUrl(url, root), url).toBe(url);
    }
  });

  it("a request is immutable only when it names the file's current version", () => {
    const root = publicDir({ "mark.svg": "<svg>v1</svg>" });
    const file = path.join(root, "mark.svg");
    const version = fileVersion(file)!;
    expect(namesCurrentVersion(version, file)).toBe(true);
    expect(namesCurrentVersion("000000000000", file)).toBe(false);
    expect(namesCurrentVersion(undefined, file)).toBe(false);
    expect(namesCurrentVersion([version], file)).toBe(false);
    // the file replaced in place (another size): the old version is stale
    writeFileSync(file, "<svg>version two</svg>");
    expect(namesCurrentVersion(version, file)).toBe(false);
    expect(fileVersion(path.join(root, "nothing.svg"))).toBeNull();
  });
});
