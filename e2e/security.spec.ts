import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./helpers/returning-customer";

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

test.describe("security headers and secrets", () => {
  test("the phone form's honeypot refuses a bot that fills the hidden field; a person gets the code", async ({ page }) => {
    // a bot fills every field it finds: add the trap field to the form post on its way out
    let trapped = true;
    await page.route(/\/auth(\.data)?(\?.*)?$/, async (route) => {
      const body = route.request().postData();
      if (route.request().method() !== "POST" || !body || !trapped) return route.continue();
      return route.continue({ postData: body.replace("name__confirm=", "name__confirm=Bob") });
    });
    const phone = `+7999${String(Date.now()).slice(-7)}`;
    await page.goto("/auth");
    const form = page.locator('form:has(input[name="intent"][value="request-code"])');
    await expect(form.locator('input[name="name__confirm"]')).toBeHidden();
    await form.getByLabel("Номер телефона").fill(phone);
    await form.getByRole("button", { name: "Получить код" }).click();
    await expect(page.getByText("Не удалось отправить форму. Обновите страницу и попробуйте ещё раз.")).toBeVisible();
    await expect(page.getByLabel("Код из СМС")).toHaveCount(0);
    // the same form, sent as a person's browser sends it
    trapped = false;
    await page.goto("/auth");
    await form.getByLabel("Номер телефона").fill(phone);
    await form.getByRole("button", { name: "Получить код" }).click();
    await expect(page.getByLabel("Код из СМС")).toBeVisible();
  });

  test("a document carries an enforced CSP whose nonce is on every inline script", async ({ request }) => {
    const response = await request.get("/");
    const headers = response.headers();
    const csp = headers["content-security-policy"];
    expect(csp).toBeTruthy();
    expect(headers["content-security-policy-report-only"]).toBeUndefined();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp!)?.[1];
    expect(nonce).toBeTruthy();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");

    const html = await response.text();
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].filter(
      (m) => !/type="application\/ld\+json"/.test(m[1]!),
    );
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const [, attrs] of inlineScripts) expect(attrs).toContain(`nonce="${nonce}"`);
    // a new nonce on every request
    const again = (await request.get("/")).headers()["content-security-policy"];
    expect(again).not.toBe(csp);
  });

  test("the streamed HTML is clean UTF-8 without NUL bytes (browsers would show U+FFFD)", async ({ page }, info) => {
    // the bytes a browser decodes, the same with JavaScript on and off: asked at each device's size (a phone gets its
    // own layout), once per device
    test.skip(info.project.use.javaScriptEnabled === false, "the server's bytes are the same with JavaScript off");
    for (const path of ["/", "/menus/501", "/restos", "/promotions"]) {
      // the context's own requests: a returning customer's cookies and the device's user agent
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      const body = await response.body();
      expect(body.includes(0), `NUL byte in ${path}`).toBe(false);
      // a byte sequence that is not UTF-8 throws here; one a stream already replaced is U+FFFD in the text
      const text = new TextDecoder("utf-8", { fatal: true }).decode(body);
      expect(text.includes("\uFFFD"), `U+FFFD in ${path}`).toBe(false);
      expect(text).toContain("</html>");
    }
  });

  test("a data response carries the same headers", async ({ page }) => {
    // the page's context is a returning customer: home answers data, not the first visit's redirect
    const response = await page.request.get("/_.data");
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
  });
});

test.describe("scripts under the CSP", () => {
  // violations come from scripts, so this one always runs with JavaScript on
  test.use({ javaScriptEnabled: true });

  test("the page runs under its CSP without violations", async ({ page }, info) => {
    test.skip(info.project.use.javaScriptEnabled === false, "the same check as the JavaScript project of this device");
    const violations: string[] = [];
    page.on("console", (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    await page.goto("/");
    await expect(page.locator("main")).toBeVisible();
    // hydrated: client-side navigation works
    await page.waitForFunction(() => (window as unknown as { __reactRouterContext?: unknown }).__reactRouterContext !== undefined);
    expect(violations).toEqual([]);
  });
});

test.describe("secrets", () => {
  test("no secret or upstream credential reaches a client bundle or the HTML", async ({ request }) => {
    const buildDir = process.env.BUILD_DIR ?? "build";
    const forbidden = [
      "demo-api-key",
      "SESSION_SECRET",
      "UPSTREAM_API_KEY",
      "GOOGLE_MAPS_SERVER_KEY",
      "sessionSecrets",
      "accessToken",
      "refreshToken",
    ];
    for (const file of filesUnder(join(buildDir, "client")).filter((f) => /\.(js|css|html|json)$/.test(f))) {
      const text = readFileSync(file, "utf8");
      for (const word of forbidden) expect(text.includes(word), `${word} in ${file}`).toBe(false);
    }
    const html = await (await request.get("/")).text();
    for (const word of forbidden) expect(html.includes(word), `${word} in the home HTML`).toBe(false);
  });
});
