/**
 * Phone sign-in for browser journeys (issue 6), with JavaScript on or off: request a code on /auth, read the
 * demo code from the page (demo mode shows it) or from GET /_demo/sms, enter it, land on `redirectTo`.
 * Locators use form fields, not texts, so they work in any UI language.
 */
import { expect, type Page } from "@playwright/test";

/** A fresh valid Russian mobile number, so journeys do not share the twin's 90 s SMS timer. */
export function randomPhone(): string {
  return `+7900${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;
}

export async function signInWithPhone(page: Page, phone: string = randomPhone(), redirectTo = "/"): Promise<{ phone: string }> {
  // every journey signs in from 127.0.0.1, and the per-address SMS limit (ADR 031) counts req.ip: start
  // each sign-in with fresh counters, as a customer on their own address would
  await page.request.post("/_demo/forget-sms", { data: { phone } });
  await page.goto(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`);
  const phoneForm = page.locator('form:has(input[name="intent"][value="request-code"])');
  await phoneForm.locator('input[name="phone"]').fill(phone);
  await phoneForm.locator('button[type="submit"]').click();
  const codeInput = page.locator('input[name="code"]');
  await expect(codeInput).toBeVisible();
  let code = (await page.getByTestId("demo-sms-code").textContent().catch(() => null))?.match(/\d{4,}/)?.[0] ?? null;
  if (!code) {
    const answer = await page.request.get(`/_demo/sms?phone=${encodeURIComponent(phone)}`);
    code = ((await answer.json()) as { code: string | null }).code;
  }
  if (!code) throw new Error(`no demo SMS code for ${phone}`);
  await codeInput.fill(code);
  await page.locator('form:has(input[name="intent"][value="verify"]) button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/auth(\?|$)/);
  await expect(page.getByTestId("person-name")).toBeVisible();
  return { phone };
}

/**
 * Signs in with the phone form's two posts, without drawing the sign-in pages: for tests whose subject is what comes
 * after sign-in (a cart, an order, saved places). The sign-in screens are auth.spec.ts's and the order journey's
 * (cart-checkout.spec.ts), four ways; drawing them again in every test that needs a signed-in customer proved nothing
 * more and cost three page loads a test (ADR 201). These are the requests the forms send — the code request, then
 * the code — with the honeypot's fields from a fresh /auth page, in the page's own cookie jar, so the next page the
 * test opens is the signed-in customer's. The page stays where it was.
 */
export async function signInByForm(page: Page, phone: string = randomPhone()): Promise<{ phone: string }> {
  await page.request.post("/_demo/forget-sms", { data: { phone } });
  const html = await (await page.request.get("/auth")).text();
  const seal = /<input[^>]*name="from__confirm"[^>]*>/.exec(html)?.[0].match(/value="([^"]+)"/)?.[1];
  if (!seal) throw new Error("no honeypot seal on /auth");
  const honeypot = { name__confirm: "", from__confirm: seal };
  const requested = await page.request.post("/auth", { form: { intent: "request-code", phone, ...honeypot }, maxRedirects: 0 });
  if (requested.status() !== 303) throw new Error(`requesting a code answered ${requested.status()}`);
  const sms = await page.request.get(`/_demo/sms?phone=${encodeURIComponent(phone)}`);
  const { code } = (await sms.json()) as { code: string | null };
  if (!code) throw new Error(`no demo SMS code for ${phone}`);
  const verified = await page.request.post("/auth", { form: { intent: "verify", code, ...honeypot }, maxRedirects: 0 });
  if (verified.status() !== 303) throw new Error(`checking the code answered ${verified.status()}: ${await verified.text()}`);
  return { phone };
}

/** Signs out through the header's account menu (issue 18 §1: a <details> disclosure with the sign-out form). */
export async function signOut(page: Page): Promise<void> {
  const menu = page.getByTestId("account-menu");
  if (!(await menu.evaluate((details) => (details as HTMLDetailsElement).open))) await menu.locator("summary").click();
  await menu.locator('form[action="/auth/sign-out"] button[type="submit"]').click();
  await expect(page.getByTestId("person-name")).toHaveCount(0);
}
