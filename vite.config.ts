import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { shellChunk } from "./scripts/shell-chunk.mjs";
import { inlineScript } from "./scripts/inline-script.mjs";

export const alias = {
  "~server": fileURLToPath(new URL("./server", import.meta.url)),
  "~": fileURLToPath(new URL("./app", import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  // the browser build: the page frame's own modules in one chunk (ADR 110)
  environments: { client: { build: { rollupOptions: { output: { manualChunks: shellChunk } } } } },
  server: { port: 3000 },
  plugins: [inlineScript(), tailwindcss(), reactRouter()],
});
