/**
 * A Vite plugin: `import text from "./file.ts?inline-script"` gives the module bundled and minified by esbuild into
 * one classic-script expression (an IIFE), as a string to render inline in the document (ADR 139). The source stays
 * real, typed code; the build makes the text the browser runs.
 */
import { build } from "esbuild";

const SUFFIX = "?inline-script";

/** @returns {import("vite").Plugin} */
export function inlineScript() {
  return {
    name: "storefront-inline-script",
    enforce: "pre",
    async load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const file = id.slice(0, -SUFFIX.length);
      const result = await build({
        entryPoints: [file],
        bundle: true,
        minify: true,
        format: "iife",
        platform: "browser",
        target: "es2017",
        write: false,
        metafile: true,
        logLevel: "silent",
      });
      for (const input of Object.keys(result.metafile.inputs)) this.addWatchFile(input);
      return `export default ${JSON.stringify(result.outputFiles[0].text.trim())};`;
    },
  };
}
