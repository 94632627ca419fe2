import { availableParallelism } from "node:os";
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
    // Vitest 3 leaves one core free by default: on two cores that is one worker and 111 s instead of 69 (ADR 199)
    maxWorkers: availableParallelism(),
    minWorkers: 1,
  },
});
