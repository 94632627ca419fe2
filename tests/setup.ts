// Shared vitest setup: the demo brand config and a fixed secret, so server modules load in tests.
import fc from "fast-check";
import { beforeEach } from "vitest";
import { propertyTimeLimit } from "./property-time-limit";

process.env.NODE_ENV ??= "test";
process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-0123";

// A generated test stops with its test (ADR 225): fast-check starts no new run after the test's time is nearly up and
// fails with its seed, instead of rendering on into the next tests of its file after vitest has timed it out.
const globalConfig = fc.readConfigureGlobal();
beforeEach(({ task }) => {
  fc.configureGlobal({
    ...globalConfig,
    interruptAfterTimeLimit: propertyTimeLimit(task.timeout),
    markInterruptAsFailure: true,
  });
});
