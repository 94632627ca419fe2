/** ADR 122: a route loader sends its page's own messages beside its data; redirects and thrown answers are untouched. */
import { data, redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { withMessages } from "~/i18n/route-messages.server";
import { parseMessages } from "~/i18n/messages";
import { createTranslator } from "~/i18n/translator";
import { routeArgs } from "../context";

/** a loader's arguments for a request in `lang`, its context made as the root middleware makes it */
const argsIn = (lang = "ru") => routeArgs(new Request("http://localhost/cart", { headers: { "Accept-Language": lang } }));
const translate = (json: unknown, key: string) => createTranslator("ru", parseMessages(json)).t(key);

describe("withMessages", () => {
  it("adds the route's set, in the customer's language, to a plain answer", async () => {
    const loader = withMessages("routes/cart", () => ({ lines: 2 }));
    const ru = (await loader(await argsIn("ru"))) as { lines: number; i18n?: string };
    expect(ru.lines).toBe(2);
    expect(translate(ru.i18n, "cart.title")).toBe("Корзина");
    // the cart's set, not the home's: its catalog texts are not in it
    expect(translate(ru.i18n, "restos.title")).toBe("restos.title");
    const en = (await loader(await argsIn("en"))) as { i18n?: string };
    expect(translate(en.i18n, "cart.title")).toBe("Cart");
  });

  it("keeps a data() answer's status and headers", async () => {
    const loader = withMessages("routes/cart", async () => data({ errors: ["x"] }, { status: 400, headers: { "X-Test": "1" } }));
    const answer = (await loader(await argsIn())) as unknown as { data: { errors: string[]; i18n?: string }; init: ResponseInit };
    expect(answer.init.status).toBe(400);
    expect(new Headers(answer.init.headers).get("X-Test")).toBe("1");
    expect(answer.data.errors).toEqual(["x"]);
    expect(translate(answer.data.i18n, "cart.title")).toBe("Корзина");
  });

  it("gives a page with no data of its own its texts (a refusal's data(null, 400))", async () => {
    const refused = (await withMessages("routes/auth_.apple", () => data(null, { status: 400 }))(await argsIn())) as unknown as {
      data: { i18n?: string };
      init: ResponseInit;
    };
    expect(refused.init.status).toBe(400);
    expect(translate(refused.data.i18n, "auth.errors.externalFailed")).toBe("Не удалось войти. Попробуйте другой способ");
    const nothing = (await withMessages("routes/auth_.apple", () => null)(await argsIn())) as { i18n?: string } | null;
    expect(translate(nothing?.i18n, "auth.title")).not.toBe("auth.title");
  });

  it("passes a redirect as it is and leaves a thrown answer thrown", async () => {
    const moved = redirect("/location", 303);
    expect(await withMessages("routes/cart", () => moved)(await argsIn())).toBe(moved);
    const missing = withMessages("routes/cart", () => {
      throw data("no", { status: 404 });
    });
    await expect(missing(await argsIn())).rejects.toMatchObject({ init: { status: 404 } });
  });

  it("sends the same string for the same locale and route (made once)", async () => {
    const loader = withMessages("routes/_index", () => ({}));
    const a = (await loader(await argsIn())) as { i18n: string };
    const b = (await loader(await argsIn())) as { i18n: string };
    expect(a.i18n).toBe(b.i18n);
    expect(translate(a.i18n, "menu.addToCart")).not.toBe("menu.addToCart");
  });
});
