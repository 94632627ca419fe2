/**
 * A returning customer for the browser tests (docs/decisions/090). A first visit (no saved city) now opens the
 * location popup before any menu (spec §4 boot), so journeys that start from the menu begin as a customer who
 * has already confirmed the brand's default location: before each test this fixture posts the popup's
 * 'Сохранить' for that default through the browser context's own request client (same cookie jar), for the
 * demo brand (a test on the second brand calls saveDefaultLocation(context.request, "second") first).
 *
 * Use: `import { expect, test } from "./helpers/returning-customer";` instead of "@playwright/test".
 * A test that needs a first visit uses `test.use({ firstVisit: true })`, or plain "@playwright/test".
 */
import { test as base, type APIRequestContext } from "@playwright/test";

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

export const test = base.extend<{ firstVisit: boolean; returningCustomer: void }>({
  firstVisit: [false, { option: true }],
  returningCustomer: [
    async ({ context, firstVisit }, use) => {
      if (!firstVisit) await saveDefaultLocation(context.request);
      await use();
    },
    { auto: true },
  ],
});
