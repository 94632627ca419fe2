// @vitest-environment jsdom
/**
 * The location popup's address and point rules as the customer sees them (spec §4, §5; ADR 197): which message an
 * address gets (none typed, not found, outside every zone, inside one), which takeaway points are offered and which
 * is chosen. The route is app/routes/location.tsx; its loader resolves the URL's draft with the app's own
 * `resolveDraft` against the demo brand's twin (its cities, zones and geocoder, in process), and its action is
 * `locationAction`'s 'Сохранить' over `saveLocation`, as the route's are.
 */
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import LocationRoute, { handle } from "~/routes/location";
import { parseDraft, saveSchema } from "~/features/location/draft";
import { resolveDraft } from "~/features/location/resolve-draft.server";
import { saveLocation } from "~/features/location/save.server";
import type { StorefrontState } from "~server/session";
import { services } from "../context";
import { renderScreen, texts } from "./stub";

afterEach(cleanup);

const ru = texts("ru");
/** a returning customer of the demo brand: Moscow (115), takeaway from «на Тверской» (173); a save writes into it */
const returning = () => ({ cart_positions: [], city_id: 115, order_delivery_method: "TAKE_AWAY", resto_id: 173 }) as unknown as StorefrontState;
let state = returning();
beforeEach(() => {
  state = returning();
});

function deps() {
  const s = services();
  return { upstream: s.upstream, geo: s.geo, brand: s.config.brand };
}

async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const draft = parseDraft(url.searchParams);
  const { area: _area, ...view } = await resolveDraft(draft, state, "ru", deps());
  const touched = draft.q !== undefined || draft.placeId !== undefined || draft.lat !== undefined || draft.resto !== undefined;
  return { view, touched, mapsKey: null, search: url.search, places: null };
}

/** 'Сохранить' as location-page.server.ts answers it (the cart is valid; a save is a redirect home) */
async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const outcome = await saveLocation(form, state, "ru", { ...deps(), checkCart: async () => ({ valid: true as const }) });
  const refuse = (message: string, field?: "q" | "resto") =>
    parseWithZod(form, { schema: saveSchema }).reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] });
  if (outcome.kind === "bad") return refuse(outcome.message);
  if (outcome.kind === "invalid") return refuse(outcome.message, outcome.field);
  if (outcome.kind === "confirmHouse") return redirect(outcome.href);
  return redirect("/");
}

function renderLocation(query: string) {
  return renderScreen({
    routeId: "routes/location",
    path: "location",
    Component: LocationRoute,
    handle,
    loader,
    action,
    url: `/location?${query}`,
    others: [{ path: "", text: "home" }, { path: "api/address/suggest" }],
  });
}

const popup = async () => within(await screen.findByRole("dialog", { name: ru.location.header }));
const q = encodeURIComponent;

describe("a delivery address (spec §5)", () => {
  it("none typed: 'Сохранить' says 'Укажите адрес доставки' and nothing is saved", async () => {
    const { user } = await renderLocation("city=115&method=DELIVERY");
    const dialog = await popup();
    expect(dialog.getByTestId("address-input")).toHaveProperty("value", "");
    expect(dialog.queryByTestId("location-error")).toBeNull();
    await user.click(dialog.getByRole("button", { name: ru.location.save }));
    expect((await dialog.findByTestId("location-error")).textContent).toBe(ru.validation.address.required);
    expect(screen.queryByTestId("elsewhere")).toBeNull();
  });

  it("an address the geocoder does not know: 'Адрес не найден'", async () => {
    // the address as 'Найти' sends it; typing it and tapping 'Найти' is the browser's (e2e/location.spec.ts, four
    // ways). Typed here, one clean-clone run under load sent only the first letter: the popup's focus trap moved the
    // focus to the title after it (ADR 218, fixed; e2e/early-input.spec.ts shows the customer's side)
    await renderLocation(`city=115&method=DELIVERY&q=${q("Несуществующая 999")}`);
    const dialog = await popup();
    expect(dialog.getByTestId("address-input")).toHaveProperty("value", "Несуществующая 999");
    expect((await dialog.findByTestId("location-error")).textContent).toBe(ru.validation.address.notFound);
  });

  it("an address outside every zone: 'Адрес не входит в зону доставки', and 'Сохранить' refuses it too", async () => {
    const { user } = await renderLocation(`city=115&method=DELIVERY&q=${q("Профсоюзная 100")}`);
    const dialog = await popup();
    expect(dialog.getByTestId("address-input")).toHaveProperty("value", "Профсоюзная улица, 100");
    expect(dialog.getByTestId("location-error").textContent).toBe(ru.validation.address.outsideZone);
    expect(dialog.queryByTestId("zone-name")).toBeNull();
    await user.click(dialog.getByRole("button", { name: ru.location.save }));
    expect((await dialog.findByTestId("location-error")).textContent).toBe(ru.validation.address.outsideZone);
    expect(screen.queryByTestId("elsewhere")).toBeNull();
  });

  it("an address inside a zone: its zone named, no error, the delivery details asked for", async () => {
    await renderLocation(`city=115&method=DELIVERY&q=${q("Тверская 7")}`);
    const dialog = await popup();
    expect(dialog.getByTestId("address-input")).toHaveProperty("value", "Тверская улица, 7");
    expect(dialog.getByTestId("zone-name")).toBeTruthy();
    expect(dialog.queryByTestId("location-error")).toBeNull();
    for (const label of [ru.location.apartment, ru.location.entrance, ru.location.floor, ru.location.intercom, ru.location.comment]) {
      expect(dialog.getByLabelText(label, { exact: true })).toBeTruthy();
    }
  });

  it("an address without a house number asks to confirm before saving", async () => {
    const { user } = await renderLocation(`city=115&method=DELIVERY&q=${q("Никольская")}`);
    const dialog = await popup();
    expect(dialog.getByTestId("address-input")).toHaveProperty("value", "Никольская улица");
    await user.click(dialog.getByRole("button", { name: ru.location.save }));
    const confirm = within(await screen.findByRole("dialog", { name: ru.location.confirm.title }));
    expect(confirm.getByText(ru.location.confirm.text)).toBeTruthy();
    expect(confirm.getByRole("link", { name: ru.location.confirm.refine })).toBeTruthy();
    expect(confirm.getByRole("button", { name: ru.location.confirm.continue })).toBeTruthy();
    expect(state.order_delivery_method, "nothing saved before the confirmation").toBe("TAKE_AWAY");

    // 'Уточнить данные' closes the confirmation and keeps the popup with the address as typed
    await user.click(confirm.getByRole("link", { name: ru.location.confirm.refine }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: ru.location.confirm.title })).toBeNull());
    const again = await popup();
    expect(again.getByTestId("address-input")).toHaveProperty("value", "Никольская улица");
    expect(state.order_delivery_method, "nothing saved by refining").toBe("TAKE_AWAY");

    // 'Сохранить' again asks again; 'Продолжить без номера' saves the address as confirmed and leads home
    await user.click(again.getByRole("button", { name: ru.location.save }));
    const second = within(await screen.findByRole("dialog", { name: ru.location.confirm.title }));
    await user.click(second.getByRole("button", { name: ru.location.confirm.continue }));
    expect(await screen.findByText("home")).toBeTruthy();
    expect(state.order_delivery_method).toBe("DELIVERY");
    expect(state.order_delivery_place).toMatchObject({ address: "Никольская улица", houseConfirmed: true });
  });
});

describe("takeaway points (spec §4)", () => {
  it("Moscow's three points, «на Тверской» (order 1) first; the saved one chosen", async () => {
    await renderLocation("city=115&method=TAKE_AWAY");
    const dialog = await popup();
    const points = dialog.getAllByRole("radio");
    expect(points.map((p) => p.closest("label")?.textContent)).toEqual(["Тверская улица, 12", expect.any(String), expect.any(String)]);
    expect(points).toHaveLength(3);
    expect(dialog.getByRole("radio", { name: "Тверская улица, 12" })).toHaveProperty("checked", true);
    expect(dialog.getByRole("radio", { name: "улица Арбат, 20" })).toHaveProperty("checked", false);
  });

  it("switching to takeaway in another city chooses its first point", async () => {
    await renderLocation("city=116&method=TAKE_AWAY");
    const dialog = await popup();
    const points = dialog.getAllByRole("radio");
    expect(points.length).toBeGreaterThan(0);
    expect(points[0]).toHaveProperty("checked", true);
    expect(points.slice(1).every((p) => !(p as HTMLInputElement).checked)).toBe(true);
  });
});
