/**
 * A returning customer for the browser tests (docs/decisions/090). A first visit (no saved city) now opens the
 * location popup before any menu (spec §4 boot), so journeys that start from the menu begin as a customer who
 * has already confirmed the brand's default location: each worker posts the popup's 'Сохранить' for that
 * default once, and every test's browser context starts with the cookies it answered (the state cookie is
 * sealed client-side state, the same for every customer with that location), for the demo brand (a test on the
 * second brand calls saveDefaultLocation(context.request, "second") first). One POST per worker instead of
 * one per test keeps CI inside its time budget.
 *
 * Use: `import { expect, test } from "./helpers/returning-customer";` instead of "@playwright/test".
 * A test that needs a first visit uses `test.use({ firstVisit: true })`, or "./helpers/load-gate". Both carry the
 * harness's load gate (ADR 131): `load` comes after the hydration has started.
 */
import type { APIRequestContext, BrowserContext } from "@playwright/test";
import { test as base } from "./load-gate";

export { expect, type Page, type TestInfo } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);

/** The brands' default locations (brands/demo.json, brands/sushi-night.json). */
const DEFAULTS = {
  demo: { origin: `http://localhost:${PORT}`, form: { city: "115", method: "TAKE_AWAY", resto: "173" } },
  second: { origin: `http://localhost:${PORT + 1}`, form: { city: "116", method: "TAKE_AWAY", resto: "176" } },
};

/**
 * Saves a brand's default location in this context's cookies (what one 'Сохранить' in the popup does). Both brands
 * name their state cookie alike and cookies ignore the port, so the last brand saved is the one remembered.
 */
export async function saveDefaultLocation(request: APIRequestContext, brand: keyof typeof DEFAULTS = "demo"): Promise<void> {
  const { origin, form } = DEFAULTS[brand];
  const response = await request.post(`${origin}/location`, { form: { ...form, intent: "save" }, maxRedirects: 0 });
  if (response.status() !== 303) throw new Error(`saving the default location at ${origin} answered ${response.status()}`);
}

type Cookies = Parameters<BrowserContext["addCookies"]>[0];

export const test = base.extend<{ firstVisit: boolean; returningCustomer: void }, { returningCookies: Cookies }>({
  firstVisit: [false, { option: true }],
  returningCookies: [
    async ({ playwright }, use) => {
      const client = await playwright.request.newContext();
      await saveDefaultLocation(client);
      const { cookies } = await client.storageState();
      await client.dispose();
      await use(cookies);
    },
    { scope: "worker" },
  ],
  returningCustomer: [
    async ({ context, firstVisit, returningCookies }, use) => {
      if (!firstVisit) await context.addCookies(returningCookies);
      await use();
    },
    { auto: true },
  ],
});
