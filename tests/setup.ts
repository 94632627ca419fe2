// Shared vitest setup: the demo brand config and a fixed secret, so server modules load in tests.
process.env.NODE_ENV ??= "test";
process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-0123";
