import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Polygon } from "~/lib/model";
import {
  areaMessage,
  areaMethods,
  draftMethod,
  initialDeliveryMethod,
  landingAfterSave,
  popupFirst,
  markFirstSave,
  homeVisit,
  FIRST_SAVE_MARK,
  takeawayPointFor,
  type LocationDraft,
  onSwitchToDelivery,
  onSwitchToTakeaway,
  restoForAddress,
  selectionStep,
  takeawayPoints,
} from "~/lib/location-rules";

const menus = (opts: { delivery?: boolean; takeaway?: boolean }) => [
  { isDelivery: !!opts.delivery, isTakeAway: false },
  { isDelivery: false, isTakeAway: !!opts.takeaway },
];

describe("selectionStep (spec §4)", () => {
  it("no cities → city selection", () => {
    expect(selectionStep({ cities: [], selectedCityId: 115 })).toEqual({
      step: "citySelection",
      cityId: null,
      canReturnToCities: false,
    });
  });

  it("one city → auto-selected, method selection, no way back to cities", () => {
    expect(selectionStep({ cities: [{ id: 115 }], selectedCityId: null })).toEqual({
      step: "deliveryMethodSelection",
      cityId: 115,
      canReturnToCities: false,
    });
    // a stale saved id does not matter with one city
    expect(selectionStep({ cities: [{ id: 115 }], selectedCityId: 999 }).cityId).toBe(115);
  });

  it("several → method selection only once a valid city is chosen", () => {
    const cities = [{ id: 115 }, { id: 116 }];
    expect(selectionStep({ cities, selectedCityId: null }).step).toBe("citySelection");
    expect(selectionStep({ cities, selectedCityId: 999 })).toEqual({
      step: "citySelection",
      cityId: null,
      canReturnToCities: false,
    });
    expect(selectionStep({ cities, selectedCityId: 116 })).toEqual({
      step: "deliveryMethodSelection",
      cityId: 116,
      canReturnToCities: true,
    });
  });
});

describe("initialDeliveryMethod (spec §4)", () => {
  const deliveryResto = { id: 1, menus: menus({ delivery: true }) };
  const takeawayResto = { id: 2, menus: menus({ takeaway: true }) };

  it("DELIVERY when a resto with delivery menus and zones exist", () => {
    expect(initialDeliveryMethod({ restos: [deliveryResto, takeawayResto], zones: [{ restoId: 1 }] })).toBe("DELIVERY");
    expect(initialDeliveryMethod({ restos: [deliveryResto, takeawayResto], zones: [{}] })).toBe("DELIVERY");
  });

  it("TAKE_AWAY when delivery lacks zones or menus but takeaway exists", () => {
    expect(initialDeliveryMethod({ restos: [deliveryResto, takeawayResto], zones: [] })).toBe("TAKE_AWAY");
    expect(initialDeliveryMethod({ restos: [takeawayResto], zones: [{ restoId: 2 }] })).toBe("TAKE_AWAY");
    // the only zone belongs to a resto without delivery menus
    expect(initialDeliveryMethod({ restos: [deliveryResto, takeawayResto], zones: [{ restoId: 2 }] })).toBe("TAKE_AWAY");
  });

  it("DELIVERY when there is no takeaway, whatever else", () => {
    expect(initialDeliveryMethod({ restos: [], zones: [] })).toBe("DELIVERY");
    expect(initialDeliveryMethod({ restos: [takeawayResto], zones: [], hasTakeaway: false })).toBe("DELIVERY");
    expect(initialDeliveryMethod({ restos: [deliveryResto], zones: [], hasTakeaway: true })).toBe("TAKE_AWAY");
  });
});

describe("takeawayPoints (spec §9)", () => {
  it("keeps restos with takeaway menus, sorted by order then address", () => {
    const restos = [
      { id: 1, order: 2, address: "Арбат, 1", menus: menus({ takeaway: true }) },
      { id: 2, order: 1, address: "Тверская, 10", menus: menus({ takeaway: true }) },
      { id: 3, order: 1, address: "Тверская, 9", menus: menus({ takeaway: true }) },
      { id: 4, order: 0, address: "Арбат, 5", menus: menus({ delivery: true }) },
      { id: 5, order: 1, address: "арбат, 3", menus: menus({ takeaway: true }) },
    ];
    expect(takeawayPoints(restos).map((r) => r.id)).toEqual([5, 3, 2, 1]);
    expect(restos.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]); // input untouched
  });
});

describe("switching methods (spec §4)", () => {
  const draft: LocationDraft = { cityId: 115, deliveryMethod: "DELIVERY", restoId: 173 };

  it("switching to TAKE_AWAY selects the first point, or none", () => {
    expect(onSwitchToTakeaway(draft, [{ id: 5 }, { id: 3 }])).toEqual({ cityId: 115, deliveryMethod: "TAKE_AWAY", restoId: 5 });
    expect(onSwitchToTakeaway(draft, [])).toEqual({ cityId: 115, deliveryMethod: "TAKE_AWAY", restoId: null });
  });

  it("switching to DELIVERY keeps the resto only if the city is unchanged", () => {
    const takeaway = { ...draft, deliveryMethod: "TAKE_AWAY" as const };
    expect(onSwitchToDelivery(takeaway, 115)).toEqual({ cityId: 115, deliveryMethod: "DELIVERY", restoId: 173 });
    expect(onSwitchToDelivery({ ...takeaway, cityId: 116 }, 115)).toEqual({
      cityId: 116,
      deliveryMethod: "DELIVERY",
      restoId: null,
    });
  });

  it("keeps other fields of a wider state", () => {
    const wide = { ...draft, place: "x" };
    expect(onSwitchToTakeaway(wide, [{ id: 1 }]).place).toBe("x");
  });
});

describe("restoForAddress (spec §4)", () => {
  const square = (lng: number): Polygon => ({
    type: "Polygon",
    coordinates: [
      [
        [lng, 0],
        [lng + 1, 0],
        [lng + 1, 1],
        [lng, 1],
        [lng, 0],
      ],
    ],
  });
  const zones = [
    { polygon: square(0), restoId: 173 },
    { polygon: square(2), restoId: null },
  ];

  it("the zone's resto, else null", () => {
    expect(restoForAddress(zones, { lat: 0.5, lng: 0.5 })).toBe(173);
    expect(restoForAddress(zones, { lat: 0.5, lng: 2.5 })).toBeNull();
    expect(restoForAddress(zones, { lat: 0.5, lng: 1.5 })).toBeNull();
    expect(restoForAddress(zones, null)).toBeNull();
  });
});

describe("landingAfterSave (spec §2 unknown paths go home, §4 save)", () => {
  it("sends a menu or position URL home once the restaurant or method changed", () => {
    expect(landingAfterSave("/menus/501", true)).toBe("/");
    expect(landingAfterSave("/menus/501/positions/7001", true)).toBe("/");
    expect(landingAfterSave("/menus/501?added=7001", true)).toBe("/");
  });
  it("keeps the menu URL when nothing about the menus changed", () => {
    expect(landingAfterSave("/menus/501", false)).toBe("/menus/501");
  });
  it("keeps every other page", () => {
    expect(landingAfterSave("/cart", true)).toBe("/cart");
    expect(landingAfterSave("/restos", true)).toBe("/restos");
    expect(landingAfterSave("/menusx", true)).toBe("/menusx");
  });
});

describe("area rules (spec §4, §8)", () => {
  it("areaMessage: no restaurants, restaurants without menus, else none", () => {
    expect(areaMessage([])).toBe("noRestos");
    expect(areaMessage([{ id: 1, menus: [] }])).toBe("noMenus");
    expect(areaMessage([{ id: 1, menus: menus({ takeaway: true }) }])).toBeNull();
  });
  it("areaMethods: DELIVERY with a delivery restaurant, TAKE_AWAY with a point, in that order", () => {
    expect(areaMethods({ deliveryRestos: [1], points: [2] })).toEqual(["DELIVERY", "TAKE_AWAY"]);
    expect(areaMethods({ deliveryRestos: [], points: [2] })).toEqual(["TAKE_AWAY"]);
    expect(areaMethods({ deliveryRestos: [], points: [] })).toEqual([]);
  });
});

describe("draftMethod (spec §4)", () => {
  const initial = () => "DELIVERY" as const;
  const both = ["DELIVERY", "TAKE_AWAY"] as const;
  it("the chosen method, else the saved one in the same city, else the initial one", () => {
    expect(draftMethod({ chosen: "TAKE_AWAY", savedInSameCity: "DELIVERY", initial, offered: both })).toBe("TAKE_AWAY");
    expect(draftMethod({ chosen: undefined, savedInSameCity: "TAKE_AWAY", initial, offered: both })).toBe("TAKE_AWAY");
    expect(draftMethod({ chosen: undefined, savedInSameCity: null, initial, offered: both })).toBe("DELIVERY");
  });
  it("never a method the city does not offer", () => {
    expect(draftMethod({ chosen: "DELIVERY", savedInSameCity: null, initial, offered: ["TAKE_AWAY"] })).toBe("TAKE_AWAY");
    expect(draftMethod({ chosen: "DELIVERY", savedInSameCity: null, initial, offered: [] })).toBe("DELIVERY");
  });
});

describe("takeawayPointFor (spec §4)", () => {
  const points = [{ id: 3 }, { id: 4 }];
  it("keeps the chosen point, else the saved one, when it still exists", () => {
    expect(takeawayPointFor({ chosen: 4, savedInSameCity: 3, points })).toBe(4);
    expect(takeawayPointFor({ chosen: undefined, savedInSameCity: 4, points })).toBe(4);
  });
  it("else selects the first point, or none without points", () => {
    expect(takeawayPointFor({ chosen: 99, savedInSameCity: null, points })).toBe(3);
    expect(takeawayPointFor({ chosen: undefined, savedInSameCity: null, points })).toBe(3);
    expect(takeawayPointFor({ chosen: undefined, savedInSameCity: null, points: [] })).toBeNull();
  });
});

describe("popupFirst (spec §4 boot, ADR 090)", () => {
  it("a customer without a saved city gets the popup first, default or not", () => {
    expect(popupFirst({ hasSavedCity: false, hasDefault: true, isBot: false })).toBe(true);
    expect(popupFirst({ hasSavedCity: false, hasDefault: false, isBot: false })).toBe(true);
  });
  it("a returning customer does not", () => {
    expect(popupFirst({ hasSavedCity: true, hasDefault: true, isBot: false })).toBe(false);
  });
  it("a crawler gets the default's menu, and the popup only when there is no default", () => {
    expect(popupFirst({ hasSavedCity: false, hasDefault: true, isBot: true })).toBe(false);
    expect(popupFirst({ hasSavedCity: false, hasDefault: false, isBot: true })).toBe(true);
  });
});

describe("a first save home is marked, and home reads the mark back (ADR 227)", () => {
  it("marks only a first save's return home", () => {
    expect(markFirstSave("/", true)).toBe("/?saved=1");
    expect(markFirstSave("/?utm_source=qr#menu", true)).toBe("/?utm_source=qr&saved=1#menu");
    expect(markFirstSave("/", false)).toBe("/");
    expect(markFirstSave("/cart", true)).toBe("/cart");
    expect(markFirstSave("/menus/501#group-501-1", true)).toBe("/menus/501#group-501-1");
  });

  it("keeps every other part of a home target, and adds the mark once (generated)", () => {
    const param = fc.tuple(fc.stringMatching(/^[a-z_]{1,8}$/), fc.string({ maxLength: 12 }));
    fc.assert(
      fc.property(
        fc.array(param, { maxLength: 4 }),
        fc.option(fc.stringMatching(/^[\w-]{1,20}$/), { nil: undefined }),
        (params, hash) => {
          const search = new URLSearchParams(params).toString();
          const target = `/${search ? `?${search}` : ""}${hash ? `#${hash}` : ""}`;
          const marked = new URL(markFirstSave(target, true), "http://x");
          expect(marked.pathname).toBe("/");
          expect(marked.hash).toBe(hash ? `#${hash}` : "");
          expect(marked.searchParams.getAll(FIRST_SAVE_MARK)).toEqual(["1"]);
          marked.searchParams.delete(FIRST_SAVE_MARK);
          const original = new URLSearchParams(search);
          original.delete(FIRST_SAVE_MARK);
          expect([...marked.searchParams]).toEqual([...original]);
        },
      ),
    );
  });

  it("home: the popup first, the popup saying the choice was not kept, the page unmarked, or the page", () => {
    expect(homeVisit({ popupFirst: true, marked: false })).toBe("popup");
    expect(homeVisit({ popupFirst: true, marked: true })).toBe("choiceNotKept");
    expect(homeVisit({ popupFirst: false, marked: true })).toBe("unmark");
    expect(homeVisit({ popupFirst: false, marked: false })).toBe("page");
  });
});
