import { describe, expect, it } from "vitest";
import { addKey, addsInFlight, sameCards, type CardsIdentity } from "~/features/menu/kept-cards";

const positions = [
  { id: 1, menuId: 501, name: "Борщ", price: 350, available: true },
  { id: 2, menuId: 501, name: "Пельмени", price: 420, available: true },
];
const identity = (over: Partial<CardsIdentity> = {}): CardsIdentity => ({ positions, lang: "ru", currency: "RUB", eager: 0, ...over });

describe("sameCards", () => {
  it("keeps the server's cards for the same positions, and for a revalidation's equal copies", () => {
    expect(sameCards(identity(), identity())).toBe(true);
    expect(sameCards(identity(), identity({ positions: structuredClone(positions) }))).toBe(true);
  });

  it("does not keep them when nothing was kept (a grid mounted by the browser)", () => {
    expect(sameCards(null, identity())).toBe(false);
  });

  it("does not keep them when what a card shows changes", () => {
    expect(sameCards(identity(), identity({ lang: "en" }))).toBe(false);
    expect(sameCards(identity(), identity({ currency: "KZT" }))).toBe(false);
    expect(sameCards(identity(), identity({ eager: 4 }))).toBe(false);
    const repriced = structuredClone(positions);
    repriced[1]!.price = 450;
    expect(sameCards(identity(), identity({ positions: repriced }))).toBe(false);
    const unavailable = structuredClone(positions);
    unavailable[0]!.available = false;
    expect(sameCards(identity(), identity({ positions: unavailable }))).toBe(false);
    expect(sameCards(identity(), identity({ positions: positions.slice(1) }))).toBe(false);
  });
});

describe("addsInFlight", () => {
  it("names the cards whose add is submitting or loading, not other fetchers nor finished adds", () => {
    const fetchers = [
      { key: addKey("501-1"), state: "submitting" },
      { key: addKey("501-2"), state: "loading" },
      { key: addKey("501-3"), state: "idle" },
      { key: "cart-line-9", state: "submitting" },
    ];
    expect([...addsInFlight(fetchers)].sort()).toEqual(["501-1", "501-2"]);
    expect(addsInFlight([]).size).toBe(0);
  });
});
