// @vitest-environment jsdom
/**
 * The position layer's rules as the customer sees them (ADR 197): a modifier group's minimum and maximum, the
 * price the add button shows as the choice grows, and the server's own messages when the browser could not stop the
 * choice (JavaScript off). The route is app/routes/menus.$menuId.positions.$positionId.tsx; its loader's data and its
 * action's answers are the real ones (demo mode: the twin's Маргарита 10001, a required size and up to 3 toppings).
 * The journey that adds it to a cart and orders it is the browser's (e2e/cart-checkout.spec.ts, five projects).
 */
import { act, cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ActionFunctionArgs } from "react-router";
import PositionLayer, { action as positionAction, handle, loader as positionLoader } from "~/routes/menus.$menuId.positions.$positionId";
import { cartWrites } from "~/features/forms/write-queue";
import { returningCustomerCookie, routeArgs } from "../context";
import { renderScreen } from "./stub";

afterEach(cleanup);
// jsdom draws nothing and has no scrolling: the layer scrolls a group with a missing choice into view
Element.prototype.scrollIntoView ??= () => undefined;

const BASE = "http://localhost";
const PATH = "/menus/501/positions/10001";
const PARAMS = { menuId: "501", positionId: "10001" };
const SIZE_GROUP = 100011;
const TOPPINGS = 100012;

/** the real action's answer to these fields, as React Router hands a stub's answer on (a 400 `data()` or a 303) */
async function realAction(fields: [string, string][], cookie: string) {
  const request = new Request(BASE + PATH, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", "accept-language": "ru" },
  });
  try {
    return await positionAction({ ...(await routeArgs(request, PARAMS)), params: PARAMS } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function renderLayer(options: { actionData?: Record<string, unknown> } = {}) {
  const cookie = await returningCustomerCookie();
  const page = await positionLoader({ ...(await routeArgs(new Request(BASE + PATH, { headers: { cookie } }), PARAMS)), params: PARAMS } as never);
  const posted: [string, string][][] = [];
  const action = async ({ request }: ActionFunctionArgs) => {
    const fields = [...(await request.formData())].map(([k, v]): [string, string] => [k, String(v)]);
    posted.push(fields);
    return (await realAction(fields, cookie)) as never;
  };
  const view = await renderScreen({
    routeId: "routes/menus.$menuId",
    path: "menus/:menuId/positions/:positionId",
    url: PATH,
    Component: PositionLayer,
    handle,
    loader: () => page as unknown as Record<string, unknown>,
    action,
    actionData: options.actionData,
    others: [{ path: "menus/:menuId", text: "the menu" }],
  });
  const layer = await screen.findByRole("dialog", { name: "Маргарита" });
  return { ...view, layer, posted, cookie };
}

const addButton = (layer: HTMLElement) => within(layer).getByTestId("position-add");
const toppings = (layer: HTMLElement) => within(layer).getByRole("group", { name: "Добавить по вкусу" });
/** a choice by its name (its label goes on with the price: "Бекон +90 ₽") */
const option = (scope: HTMLElement, name: string) =>
  within(scope).getByRole(name.endsWith("см") ? "radio" : "checkbox", { name: new RegExp(`^${name}(\\s|$)`) });

describe("the position layer with JavaScript", () => {
  it("asks for the required size before anything is sent, and shows the price of the choice as it grows", async () => {
    const { layer, user, posted } = await renderLayer();
    expect(addButton(layer).textContent).toMatch(/490\s₽/);
    await user.click(addButton(layer));
    expect(await within(layer).findByTestId("modifier-error")).toHaveProperty("textContent", "«Выберите размер»: выберите хотя бы 1");
    expect(posted).toEqual([]);

    const group = toppings(layer);
    for (const name of ["Двойная моцарелла", "Бекон", "Халапеньо"]) await user.click(option(group, name));
    // the group's maximum (3): the fourth choice cannot be made, the three made stay
    expect(option(group, "Шампиньоны")).toHaveProperty("disabled", true);
    expect(option(group, "Бекон")).toHaveProperty("disabled", false);
    expect(addButton(layer).textContent).toMatch(/720\s₽/); // 490 + 90 + 90 + 50, before a size is chosen
    // taking one back frees the fourth
    await user.click(option(group, "Халапеньо"));
    expect(option(group, "Шампиньоны")).toHaveProperty("disabled", false);
    await user.click(option(group, "Халапеньо"));

    await user.click(option(layer, "30 см"));
    expect(within(layer).queryByTestId("modifier-error")).toBeNull();
    expect(addButton(layer).textContent).toMatch(/870\s₽/);
    await user.click(within(layer).getByRole("button", { name: "Увеличить количество" }));
    expect(addButton(layer).textContent).toMatch(/1\s740\s₽/);

    await user.click(addButton(layer));
    // the real action took the choice: two of them, the size and three toppings, back to the menu
    expect(await screen.findByTestId("elsewhere")).toHaveProperty("textContent", "the menu");
    expect(posted).toHaveLength(1);
    const sent = posted[0]!;
    expect(sent.filter(([k]) => k === "count").map(([, v]) => v)).toEqual(["2"]);
    const modifiers = sent.filter(([k]) => k === "modifier").map(([, v]) => v.split(":")[0]);
    expect(modifiers.filter((g) => g === String(SIZE_GROUP))).toHaveLength(1);
    expect(modifiers.filter((g) => g === String(TOPPINGS))).toHaveLength(3);
  });
});

describe("the add is a cart write (ADR 119, 208)", () => {
  it("made while another cart write is on its way, it is sent once that one is answered", async () => {
    const { layer, user, posted } = await renderLayer();
    await user.click(option(layer, "30 см"));
    // a card's add on the menu behind the layer, still on its way
    let answer!: () => void;
    act(() => cartWrites.send(() => new Promise<void>((resolve) => (answer = resolve)), "add-from-card"));
    await user.click(addButton(layer));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(posted).toEqual([]);
    act(() => answer());
    expect(await screen.findByTestId("elsewhere")).toHaveProperty("textContent", "the menu");
    expect(posted).toHaveLength(1);
  });
});

describe("the position layer as the server draws it after a post (JavaScript off)", () => {
  it("shows the maximum's message beside its group when four toppings were sent, with the choice kept", async () => {
    const cookie = await returningCustomerCookie();
    const fields: [string, string][] = [
      ["intent", "add"],
      ["count", "1"],
      ["modifier", `${SIZE_GROUP}:102:1`],
      ...[201, 202, 203, 204].map((item): [string, string] => ["modifier", `${TOPPINGS}:${item}:1`]),
    ];
    const answer = (await realAction(fields, cookie)) as { type?: string; data?: Record<string, unknown>; init?: { status?: number } };
    expect(answer.type, "the action refuses with data, not a redirect").toBe("DataWithResponseInit");
    expect(answer.init?.status).toBe(400);
    const { layer } = await renderLayer({ actionData: answer.data });
    const group = toppings(layer);
    expect(within(group).getByTestId("modifier-error").textContent).toBe("«Добавить по вкусу»: можно выбрать не больше 3");
    // what was sent is what the layer shows again: the size and the four toppings, for the customer to take one back
    expect(option(layer, "30 см")).toHaveProperty("checked", true);
    const checked = within(group)
      .getAllByRole("checkbox")
      .filter((box) => (box as HTMLInputElement).checked);
    expect(checked).toHaveLength(4);
  });

  it("shows the minimum's message when the size is missing", async () => {
    const cookie = await returningCustomerCookie();
    const answer = (await realAction([["intent", "add"], ["count", "1"]], cookie)) as { data?: Record<string, unknown>; init?: { status?: number } };
    expect(answer.init?.status).toBe(400);
    const { layer } = await renderLayer({ actionData: answer.data });
    expect(within(layer).getByTestId("modifier-error").textContent).toBe("«Выберите размер»: выберите хотя бы 1");
    expect(addButton(layer).textContent).toMatch(/490\s₽/);
  });
});
