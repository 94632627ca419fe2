import type { Locator } from "@playwright/test";
import { expect, test } from "./helpers/returning-customer";
import { signInByForm } from "./helpers/sign-in";

/**
 * Issue 15 §10, the checkout navigation flake, made deterministic. The checkout POST answers a redirect to
 * /checkout/<key>; when that route was not discovered yet, React Router's lazy route discovery asks /__manifest before
 * the navigation loads, and the router gives the navigation its load id only after discovery. A fetcher
 * action that finishes inside that window (here: saving the payment choice, which the customer clicked just
 * before 'Оформить заказ') counts as newer: its revalidation aborts the navigation and completes it with the
 * cart's data — the order was placed, the customer stays on the cart. The test holds the payment save until
 * the order answer is back and the manifest (if it is asked for) for a while, which is the flake's timing.
 */
test.describe("checkout navigation", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the race is the client router's");

  // the customer's two moves in one task — a fast tap on a busy phone, where React has not drawn the first move when
  // the second comes (ADR 208): the payment choice, then the order; the order, then another choice
  const ways = [
    {
      name: "an order sent in the same moment as the payment choice waits for its save, and the customer sees the order",
      async pickAndOrder(form: Locator) {
        await form.evaluate((element) => {
          element.querySelector<HTMLInputElement>('input[value="CARD_UPON_RECEIPT"]')!.click();
          element.querySelector<HTMLButtonElement>('[data-testid="checkout-submit"]')!.click();
        });
      },
    },
    {
      name: "a payment choice tapped in the moment after 'Оформить заказ' is not sent, and the order goes as it was tapped",
      async pickAndOrder(form: Locator, holdReload: (held: Promise<void>) => void, seen: () => string[]) {
        // the save's answer is in, the cart's reload after it is not: the order must wait for it (ADR 085), and a choice
        // tapped meanwhile must neither be saved nor change the order (ADR 217: online payment would ask for an e-mail)
        let tapped!: () => void;
        holdReload(new Promise<void>((resolve) => (tapped = resolve)));
        const saved = form.page().waitForResponse((r) => (r.request().postData() ?? "").includes("intent=payment"));
        await form.getByLabel("Картой при получении").check();
        // a choice drawn checked but never sent failed once in CI (2026-11-29, not reproduced since): say what went
        await Promise.race([
          saved,
          new Promise((_, reject) =>
            setTimeout(
              () => reject(new Error(`the payment choice was not sent within 15 s; /cart.data requests: ${seen().join(", ")}`)),
              15_000,
            ),
          ),
        ]);
        await form.evaluate((element) => {
          element.querySelector<HTMLButtonElement>('[data-testid="checkout-submit"]')!.click();
          element.querySelector<HTMLInputElement>('input[value="CARD_ONLINE"]')!.click();
        });
        tapped();
      },
    },
  ];
  for (const way of ways)
    test(way.name, async ({ page }) => {
      const { phone } = await signInByForm(page);
      await page.request.post("/cart", { form: { intent: "add", positionId: "10031", menuId: "501" }, maxRedirects: 0 });
      await page.goto("/cart");
      const form = page.getByTestId("checkout-form");
      await form.getByLabel("Имя").fill("Анна");
      await form.getByLabel("Телефон").fill(phone);
      // the form is the scripts' (its code comes at the first touch, ADR 114): the race here is the router's, not the
      // hydration's (a choice tapped while the form hydrates is e2e/early-input.spec.ts's)
      await expect(form.locator('input[name="js"]')).toHaveCount(1);

      // the timing of the flake: the payment choice is saved while the order is on its way, its revalidation
      // answers while the router discovers /checkout/<key>
      let submitted = false;
      let writesDuringOrder = 0;
      let reloadHeld: Promise<void> | null = null;
      // the reload held is the payment save's: one the page made before it is not the timing under test
      let paymentSent = false;
      const requests: string[] = [];
      const ordered: string[] = [];
      let answered!: () => void;
      const orderAnswered = new Promise<void>((resolve) => (answered = resolve));
      await page.route(/\/cart\.data/, async (route) => {
        const request = route.request();
        const body = request.postData() ?? "";
        requests.push(`${request.method()} ${new URLSearchParams(body).get("intent") ?? ""}`.trim());
        if (request.method() === "POST" && body.includes("intent=checkout")) {
          submitted = true;
          ordered.push(new URLSearchParams(body).get("paymentMethod") ?? "");
          const answer = await route.fetch();
          await new Promise((resolve) => setTimeout(resolve, 700));
          await route.fulfill({ response: answer });
          answered();
          return;
        }
        if (request.method() === "POST" && body.includes("intent=payment")) {
          if (submitted) writesDuringOrder += 1;
          paymentSent = true;
          // until the order is sent (the flake), or 1 s: a page that holds the order back for it goes on then
          for (let waited = 0; !submitted && waited < 1000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
          return route.continue();
        }
        if (request.method() === "GET" && !submitted && reloadHeld && paymentSent) {
          await reloadHeld;
          return route.continue();
        }
        if (request.method() === "GET" && submitted) {
          const answer = await route.fetch();
          await orderAnswered;
          await new Promise((resolve) => setTimeout(resolve, 100));
          return route.fulfill({ response: answer });
        }
        return route.continue();
      });
      await page.route(/\/__manifest/, async (route) => {
        if (submitted) await new Promise((resolve) => setTimeout(resolve, 1500));
        return route.continue();
      });

      await way.pickAndOrder(
        form,
        (held) => (reloadHeld = held),
        () => requests,
      );
      // the held requests take their time; a page left on the cart stays there however long one waits
      await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/, { timeout: 20_000 });
      await expect(page.getByRole("heading", { name: "Заказ оформлен" })).toBeVisible();
      await expect(page.getByTestId("checkout-form")).toHaveCount(0);
      expect(writesDuringOrder, "no cart write is sent while the order is on its way").toBe(0);
      expect(ordered, "one order, with the payment method chosen when it was tapped").toEqual(["CARD_UPON_RECEIPT"]);
    });
});
