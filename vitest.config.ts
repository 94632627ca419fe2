import { defineConfig } from "vitest/config";
import { alias } from "./vite.config";
import { inlineScript } from "./scripts/inline-script.mjs";

export default defineConfig({
  resolve: { alias },
  plugins: [inlineScript()],
  test: {
    include: ["tests/**/*.test.ts", "tests/**/*.test.tsx"],
    environment: "node",
    setupFiles: ["tests/setup.ts"],
    testTimeout: 20_000,
    pool: "forks",
  },
});
