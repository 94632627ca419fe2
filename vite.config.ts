import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { shellChunk } from "./scripts/shell-chunk.mjs";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export const alias = {
  "~server": fileURLToPath(new URL("./server", import.meta.url)),
  "~": fileURLToPath(new URL("./app", import.meta.url)),
};

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias },
  // the browser build: the page frame's own modules in one chunk (ADR 110)
  build: isSsrBuild ? {} : { rollupOptions: { output: { manualChunks: shellChunk } } },
  server: { port: 3000 },
  plugins: [
    tailwindcss(),
    remix({
      // BUILD_DIR lets parallel work (or a bench) build without clobbering ./build
      buildDirectory: process.env.BUILD_DIR ?? "build",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
  ],
}));
