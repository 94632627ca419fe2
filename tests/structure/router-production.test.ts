import { readdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTER_PRODUCTION_FILES, routerProduction } from "../../scripts/router-production.mjs";
import viteConfig from "../../vite.config";

/**
 * The browser build takes React Router's production files (ADR 221): 0.65 KB gzip less on every first view, and no
 * development warnings in customers' consoles. An upgrade of React Router may move or drop those files, or the package
 * may start exporting them itself: this names what changed.
 */
type Resolve = (this: { environment?: { config: { consumer: string } } }, id: string) => string | null;

describe("React Router's production build in the browser", () => {
  const resolveId = routerProduction().resolveId as unknown as Resolve;

  it.each(Object.entries(ROUTER_PRODUCTION_FILES))(
    "%s: the production file exports what the package's own entry does",
    async (id, file) => {
      const [production, packaged] = await Promise.all([import(file), import(id)]);
      expect(Object.keys(production).sort()).toEqual(Object.keys(packaged).sort());
    },
  );

  it("the production files are built without the development warnings", () => {
    const dir = dirname(ROUTER_PRODUCTION_FILES["react-router"]);
    const chunks = readdirSync(dir).filter((f) => f.endsWith(".mjs"));
    const flags = chunks.flatMap((f) =>
      [...readFileSync(`${dir}/${f}`, "utf8").matchAll(/ENABLE_DEV_WARNINGS = (\w+)/g)].map((m) => m[1]),
    );
    expect(flags.length).toBeGreaterThan(0);
    expect(new Set(flags)).toEqual(new Set(["false"]));
  });

  it("resolves the router's two browser entries for the browser's build only", () => {
    const client = { environment: { config: { consumer: "client" } } };
    const server = { environment: { config: { consumer: "server" } } };
    expect(resolveId.call(client, "react-router")).toBe(ROUTER_PRODUCTION_FILES["react-router"]);
    expect(resolveId.call(client, "react-router/dom")).toBe(ROUTER_PRODUCTION_FILES["react-router/dom"]);
    expect(resolveId.call(client, "react-router-dom")).toBeNull();
    expect(resolveId.call(client, "react")).toBeNull();
    expect(resolveId.call(server, "react-router")).toBeNull();
    expect(routerProduction().apply).toBe("build");
  });

  it("is the first plugin of the build, before React Router's own resolves the same names", () => {
    const names = (viteConfig.plugins ?? [])
      .flat(Infinity as 1)
      .map((p) => (p && typeof p === "object" && "name" in p ? p.name : null));
    expect(names[0]).toBe("router-production");
  });
});
