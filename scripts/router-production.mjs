/**
 * The browser build takes React Router's production build (ADR 221). React Router 7's package exports name only its
 * `dist/development` files (remix-run/react-router#14102, open: every bundler resolves them, whatever the mode), so
 * the pages shipped the router's development warnings and the code that checks for them. The package also ships the
 * same source built without them in `dist/production`; for the browser's production build this plugin resolves
 * `react-router` and `react-router/dom` there. The dev server and the server build keep the package's own resolution
 * (the server's warnings go to the logs, where they help). tests/structure/router-production.test.ts checks that the
 * files still exist and export what the development build exports.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
const DIST = join(dirname(require.resolve("react-router/package.json")), "dist", "production");

/** the production file for each entry the browser imports */
export const ROUTER_PRODUCTION_FILES = {
  "react-router": join(DIST, "index.mjs"),
  "react-router/dom": join(DIST, "dom-export.mjs"),
};

/** @returns {import("vite").Plugin} */
export function routerProduction() {
  return {
    name: "router-production",
    apply: "build",
    enforce: "pre",
    resolveId(id) {
      if (this.environment?.config.consumer !== "client") return null;
      return ROUTER_PRODUCTION_FILES[id] ?? null;
    },
  };
}
