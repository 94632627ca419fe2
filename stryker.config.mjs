// Mutation testing (ADR 196): `npm run test:mutation`, outside CI (see the ADR for why and how long it takes).
// One group at a time, with its unit tests and an incremental file of its own (a run rewrites the file with its own
// mutants only):
//   npx stryker run --mutate 'server/orders/*.ts' \
//     --testFiles 'tests/checkout/ledger.test.ts,tests/checkout/order-limit.test.ts,tests/redis/**/*.test.ts' \
//     --incrementalFile reports/mutation/orders-incremental.json
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  vitest: { configFile: "vitest.config.ts", related: true },
  coverageAnalysis: "perTest",
  // A static mutant (a module-level constant: a limit, a TTL) is run against every related test, not only the
  // covering ones: on this machine 10 % of a group's mutants took 70 % of its time. They are left out (reported as
  // ignored); the tests of the rules that read those constants pin their values.
  ignoreStatic: true,
  checkers: [],
  mutate: [
    "app/lib/**/*.ts",
    "app/features/checkout/*.ts",
    "app/features/auth/*.ts",
    "server/session.ts",
    "server/auth/*.ts",
    "server/orders/*.ts",
    // Components and type declarations are not logic of their own.
    "!**/*.tsx",
    "!**/*.d.ts",
    // Pure data: the business constants and the persisted keys' names; a mutant there changes a number or a
    // name that the tests of the rules using it pin down, and reports only as noise.
    "!app/lib/constants.ts",
    "!app/lib/legacy-keys.ts",
    // Re-exports only.
    "!server/auth/index.ts",
    "!app/features/checkout/pre-order.ts",
    // A React hook around the router's navigation state and the write queue: its tests render the cart (tests/routes/cart.test.tsx,
    // jsdom) and drive the browser (e2e/checkout-navigation.spec.ts); the group's unit runs do not reach it.
    "!app/features/checkout/use-order-submit.ts",
    // The browser-only VK window and frame plumbing (timers, postMessage, window.open): covered by e2e/.
    "!app/features/auth/vk-popup.ts",
    // Demo mode's stand-ins for the identity providers' own pages (ADR 032; 404 outside demo mode), like server/demo:
    // the browser journeys drive them (auth.spec, apple-demo.spec, vk-one-tap.spec).
    "!app/features/auth/demo-idp.server.ts",
    // The idle-time scheduler of browser code: requestIdleCallback and timers only.
    "!app/lib/when-idle.ts",
  ],
  // The sandbox is a copy of the project: leave out builds, reports, caches and what vitest never reads.
  ignorePatterns: [
    "build",
    "build-*",
    "test-results",
    "playwright-report",
    "blob-report",
    "reports",
    ".cache",
    ".react-router",
    "deploy/.work",
    "bench/*.json",
    "*.log",
  ],
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  incremental: true,
  incrementalFile: "reports/mutation/stryker-incremental.json",
  tempDirName: ".stryker-tmp",
  cleanTempDir: true,
  concurrency: 2,
  // Per mutant on top of the test's own time: the machine has 2 cores shared with other work.
  timeoutMS: 20_000,
  timeoutFactor: 2,
  thresholds: { high: 80, low: 60, break: null },
};

export default config;
