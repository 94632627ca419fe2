/**
 * Redirect targets an attacker would try (issue 14 §2), shared by the unit table (tests/lib/redirect-target.test.ts)
 * and the adversarial suite against the real server (e2e/request-hygiene.ops.spec.ts). Each is what the form
 * field or query parameter carries AFTER decoding; every one must end on this site.
 */
export const HOSTILE_TARGETS: readonly string[] = [
  "https://evil.example/x",
  "http://evil.example",
  "//evil.example/x",
  "///evil.example/x",
  "/\\evil.example/x",
  "\\\\evil.example/x",
  "/\t/evil.example/x",
  "/\n/evil.example/x",
  "/\r\n/evil.example/x",
  "/%09/evil.example/x",
  "/%0A/evil.example",
  "/\\/evil.example",
  "\t//evil.example",
  " //evil.example",
  "/.//evil.example/x",
  "/./\\evil.example",
  "/a/..//evil.example",
  "/../..//evil.example",
  "javascript:alert(1)",
  "/\u0000//evil.example",
  "/\u001f/evil.example",
  "/\u007f/evil.example",
  "https:evil.example",
  "/@evil.example",
  "/\u3002evil.example",
  "／／evil.example",
  "data:text/html,<script>alert(1)</script>",
  "/x\r\nSet-Cookie: pwned=1",
];
