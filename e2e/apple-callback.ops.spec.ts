/**
 * Sign in with Apple's callback exactly as Apple sends it (issue 14 §7): a cross-site form_post from
 * https://appleid.apple.com to /auth/apple/callback on the production server (server.mjs), carrying only
 * the SameSite=None state cookie. Runs against a server of its own whose brand has an Apple client id.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./helpers/load-gate";
import { startServer, type ServerProcess } from "./helpers/server-process";

let server: ServerProcess;
let brandFolder = "";
test.beforeAll(async () => {
  const brand = JSON.parse(readFileSync("brands/demo.json", "utf8")) as { keys: Record<string, unknown> };
  brand.keys.appleClientId = "com.example.storefront";
  brandFolder = mkdtempSync(path.join(tmpdir(), "apple-brand-"));
  const file = path.join(brandFolder, "brand.json");
  writeFileSync(file, JSON.stringify(brand));
  server = await startServer({ BRAND_CONFIG: file });
});
test.afterAll(async () => {
  await server?.stop();
  if (brandFolder) rmSync(brandFolder, { recursive: true, force: true });
});

/** what a browser sends with Apple's auto-submitted form: cross-site, top-level, url-encoded */
const APPLE_HEADERS = {
  Origin: "https://appleid.apple.com",
  Referer: "https://appleid.apple.com/",
  "Sec-Fetch-Site": "cross-site",
  "Sec-Fetch-Mode": "navigate",
  "Sec-Fetch-Dest": "document",
  "Content-Type": "application/x-www-form-urlencoded",
};

const cookiePairs = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]!);

async function startSignIn(redirectTo: string) {
  const response = await fetch(`${server.base}/auth/apple`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.base, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "start", redirectTo }),
  });
  expect(response.status).toBe(303);
  const authorize = new URL(response.headers.get("location")!);
  expect(authorize.searchParams.get("redirect_uri")).toBe(`${server.base}/auth/apple/callback`);
  const stateCookie = cookiePairs(response).find((c) => c.startsWith("sf_apple_state="))!;
  expect(stateCookie).toBeTruthy();
  return { state: authorize.searchParams.get("state")!, stateCookie };
}

function applePost(stateCookie: string | null, fields: Record<string, string>, pathname = "/auth/apple/callback") {
  return fetch(`${server.base}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { ...APPLE_HEADERS, ...(stateCookie ? { Cookie: stateCookie } : {}) },
    body: new URLSearchParams(fields),
  });
}

test.describe("Sign in with Apple, production server", () => {
  test("accepts Apple's cross-site form_post with the matching state and signs the customer in", async () => {
    const { state, stateCookie } = await startSignIn("/cart");
    const user = JSON.stringify({ name: { firstName: "Ivan", lastName: "Petrov" }, email: "ivan@example.com" });
    const callback = await applePost(stateCookie, { code: "c0de", id_token: "demo-apple:ivan@example.com", state, user });
    expect(callback.status).toBe(303);
    expect(callback.headers.get("location")).toBe("/cart");
    const cookies = cookiePairs(callback);
    const auth = cookies.find((c) => c.startsWith("sf_auth="));
    expect(auth).toBeTruthy();
    expect(cookies.find((c) => c.startsWith("sf_apple_state="))).toBe("sf_apple_state=");
    // the browser follows the 303 with its cookies: the page shows the signed-in customer
    const page = await fetch(`${server.base}/cart`, { headers: { Cookie: auth! } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-testid="person-name"');
  });

  test("refuses a replayed or forged state and says sign-in failed", async () => {
    const { stateCookie } = await startSignIn("/");
    const forged = await applePost(stateCookie, { code: "c", id_token: "demo-apple:eve@example.com", state: "x".repeat(64) });
    expect(forged.status).toBe(303);
    expect(forged.headers.get("location")).toBe("/auth/apple?failed");
    expect(cookiePairs(forged).some((c) => c.startsWith("sf_auth="))).toBe(false);
    const noCookie = await applePost(null, { code: "c", id_token: "demo-apple:eve@example.com", state: "x".repeat(64) });
    expect(noCookie.headers.get("location")).toBe("/auth/apple?failed");
    const failed = await fetch(`${server.base}/auth/apple?failed`);
    expect(failed.status).toBe(400);
    expect(await failed.text()).toContain("Не удалось войти. Попробуйте другой способ");
  });

  test("still refuses cross-site POSTs everywhere else, the old callback path included", async () => {
    const { state, stateCookie } = await startSignIn("/");
    const old = await applePost(stateCookie, { code: "c", id_token: "demo-apple:ivan@example.com", state }, "/auth/apple");
    expect(old.status).toBe(403);
  });
});
