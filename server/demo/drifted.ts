/**
 * The drifted-data scenario of the twin (issue 19): `POST /_demo/scenario {"drifted": true}` makes every
 * catalog list carry records a real upstream might send one day — an unknown measure unit, a fractional
 * or negative price, a null name, a missing id, a duplicated id (an exact copy and a conflicting one), a
 * string where a number belongs, an unknown enum value (day, delivery method, payment method) — while the
 * rest stays valid.
 *
 * Drift is ADDED, never made of the demo's own records: the answers are the normal ones plus odd records,
 * and every odd record is one the storefront leaves out — except one new section of the main menu,
 * 'Новинки' (group 50199), whose two positions are valid but unusual (a 'kg' measure; unreadable display
 * fields). So with drift on, every page another test looks at shows exactly what it shows without it, bar
 * that one extra section, and browser tests running in parallel are not disturbed (ADR 060).
 *
 * The twin's preflight accepts the drift-only positions (they are the remainder the scenario serves).
 */
import type { DeliveryZoneDto, ModifierGroup, Position, PositionGroup, PositionModifiers, Promotion, Resto } from "~/lib/model";
import { DEMO_MENU_IDS, menusOfResto } from "./data";

/** The drift-only section of the main menu and its valid positions. */
export const DRIFT_GROUP_ID = 50199;
export const DRIFT_IDS = {
  /** 'Хачапури по-аджарски': unit 'kg', a modifier group with one valid item of three */
  khachapuri: 10901,
  /** 'Лаваш': order and description unreadable (defaults), an extra field */
  lavash: 10902,
  /** dropped: a fractional price */
  fractionalPrice: 10903,
  /** dropped: a negative price */
  negativePrice: 10904,
  /** dropped: a null name */
  nullName: 10905,
  /** dropped: a price that is a string */
  stringPrice: 10906,
  /** dropped: two records with this id and different prices */
  conflicting: 10907,
  /** dropped with its group: both records of group 50197 differ */
  inConflictingGroup: 10908,
  /** dropped: a group reference that is not a number */
  oddGroupRef: 10909,
} as const;
const CONFLICTING_GROUP_ID = 50197;

/** Anything: drift is what the schemas do not allow. */
type Raw = Record<string, unknown>;

const driftGroup: PositionGroup = {
  id: DRIFT_GROUP_ID,
  menuId: DEMO_MENU_IDS.main,
  name: "Новинки",
  order: 95,
  photos: [],
  isAdult: false,
};

const khachapuri: Position = {
  id: DRIFT_IDS.khachapuri,
  menu: { id: DEMO_MENU_IDS.main },
  positionGroup: { id: DRIFT_GROUP_ID },
  name: "Хачапури по-аджарски",
  description: "Лодочка с сулугуни и яйцом; вес в килограммах — единица, которой нет в спецификации",
  price: 49000,
  photos: [{ url: "/demo/photos/bakery.webp" }],
  measure: { value: 0.5, unit: "kg" },
  cookingTime: 25,
  order: 10,
  hasModifiers: true,
};
const lavash: Position = {
  id: DRIFT_IDS.lavash,
  menu: { id: DEMO_MENU_IDS.main },
  positionGroup: { id: DRIFT_GROUP_ID },
  name: "Лаваш",
  description: "",
  price: 9000,
  photos: [],
  measure: { value: 1, unit: "pc" },
  cookingTime: null,
  order: 0,
  hasModifiers: false,
};
const sauce: ModifierGroup = {
  id: DRIFT_IDS.khachapuri * 10 + 1,
  modifierId: 9,
  minCount: 0,
  maxCount: 1,
  name: "Соус",
  nameUi: null,
  items: [{ id: 701, name: "Сырный соус", price: 5000 }],
};

/** The valid drift-only positions with their menu, for the twin's preflight. */
export function findDriftPosition(restoId: number, positionId: number) {
  const position = [khachapuri, lavash].find((p) => p.id === positionId);
  const menu = menusOfResto(restoId).find((m) => m.ref.id === DEMO_MENU_IDS.main);
  return position && menu ? { position, menu: menu.ref } : undefined;
}
/** The valid modifier groups of the drift-only positions. */
export function driftModifiersOf(positionId: number): ModifierGroup[] {
  return positionId === DRIFT_IDS.khachapuri ? [sauce] : [];
}

const first = <T>(list: readonly T[]): T[] => (list.length > 0 ? [list[0]!] : []);

export function driftedCities(cities: readonly Raw[]): unknown[] {
  if (cities.length === 0) return [];
  const { id: _id, ...noId } = cities[0]!;
  return [
    ...cities,
    { ...cities[0], id: 9001, name: null },
    { ...noId, name: "Город без id" },
    { ...cities[0], id: "9002", name: "Город со строковым id" },
    ...first(cities),
  ];
}

export function driftedRestoSummaries(restos: readonly Raw[]): unknown[] {
  if (restos.length === 0) return [];
  return [
    ...restos,
    { id: 9101, name: null, cityIds: restos[0]!.cityIds },
    { name: "Заведение без id", cityIds: restos[0]!.cityIds },
    { id: 9102, name: 42, cityIds: restos[0]!.cityIds },
    ...first(restos),
  ];
}

export function driftedResto(resto: Resto): unknown {
  return {
    ...resto,
    menus: [...resto.menus, { id: null, name: "Меню без id" }, { id: "9201", name: "Меню со строковым id" }],
    openingHours: [...resto.openingHours, { dayOfWeek: "HOLIDAY", active: true, open: "10:00", close: "18:00" }],
    photos: [...resto.photos, { url: null, size: "XXL" }],
    // an unknown payment method and an unknown delivery method: ignored, with a log line each
    payConfig: {
      ...resto.payConfig,
      delivery: { ...resto.payConfig.delivery, sbp: "demo-sbp" },
      table: { cashUponReceipt: true },
    },
    loyaltyProgram: { enabled: true },
  };
}

export function driftedZones(zones: readonly DeliveryZoneDto[]): unknown[] {
  if (zones.length === 0) return [];
  const [head, ...rest] = zones;
  return [
    { ...head, rules: [...head!.rules, { deliveryPrice: 149.5, time: 30, minOrderPrice: 0, maxOrderPrice: null }] },
    ...rest,
    { id: 9301, name: "Зона без полигона", polygon: null, rules: [] },
    { name: "Зона без id", polygon: head!.polygon, rules: [] },
  ];
}

export function driftedGroups(menuId: number, groups: readonly PositionGroup[]): unknown[] {
  const odd = [
    { id: menuId * 100 + 98, menuId, name: null },
    { id: menuId * 100 + 96, menuId, name: "Раздел без флага 18+", isAdult: null },
  ];
  if (menuId !== DEMO_MENU_IDS.main) return [...groups, ...odd];
  return [
    ...groups,
    driftGroup,
    ...odd,
    { id: CONFLICTING_GROUP_ID, menuId, name: "Дубль А", order: 96 },
    { id: CONFLICTING_GROUP_ID, menuId, name: "Дубль Б", order: 97 },
  ];
}

export function driftedPositions(menuId: number, positions: readonly Position[]): unknown[] {
  const base = (id: number, name: string, extra: Raw = {}): Raw => ({
    id,
    menu: { id: menuId },
    positionGroup: { id: DRIFT_GROUP_ID },
    name,
    price: 30000,
    ...extra,
  });
  if (menuId !== DEMO_MENU_IDS.main) {
    const id = 9_000_000 + menuId * 10;
    return [
      ...positions,
      { ...base(id + 1, "Дробная цена"), positionGroup: positions[0]?.positionGroup ?? null, price: 99.9 },
      { ...base(id + 2, "Без имени"), positionGroup: positions[0]?.positionGroup ?? null, name: null },
    ];
  }
  const { id: _id, ...noId } = base(0, "Позиция без id");
  return [
    ...positions,
    { ...khachapuri, spicy: true, photos: [{ url: null }, ...khachapuri.photos] },
    { ...lavash, order: "20", description: null, cookingTime: "долго", badge: { color: "red" } },
    base(DRIFT_IDS.fractionalPrice, "Пицца за 450,5", { price: 450.5 }),
    base(DRIFT_IDS.negativePrice, "Пицца с отрицательной ценой", { price: -100 }),
    base(DRIFT_IDS.nullName, "", { name: null }),
    noId,
    base(DRIFT_IDS.stringPrice, "Цена строкой", { price: "450" }),
    base(DRIFT_IDS.conflicting, "Двойник", { price: 30000 }),
    base(DRIFT_IDS.conflicting, "Двойник", { price: 3000 }),
    base(DRIFT_IDS.inConflictingGroup, "Позиция спорного раздела", { positionGroup: { id: CONFLICTING_GROUP_ID } }),
    base(DRIFT_IDS.oddGroupRef, "Странный раздел", { positionGroup: { id: "new" } }),
  ];
}

export function driftedModifiers(restoId: number, list: readonly PositionModifiers[]): unknown[] {
  const hasMain = menusOfResto(restoId).some((m) => m.ref.id === DEMO_MENU_IDS.main);
  const drifted: unknown[] = list.map((entry, i) =>
    i === 0 && entry.modifiers[0]
      ? {
          ...entry,
          modifiers: [
            { ...entry.modifiers[0], items: [...entry.modifiers[0].items, { id: 9501, name: null, price: 0 }] },
            ...entry.modifiers.slice(1),
          ],
        }
      : entry,
  );
  if (hasMain) {
    drifted.push({
      positionId: DRIFT_IDS.khachapuri,
      modifiers: [
        {
          ...sauce,
          items: [
            ...sauce.items,
            { id: 702, name: "Острый соус", price: -500 },
            { id: 703, name: "Чесночный соус", price: 49.9 },
          ],
        },
        { id: DRIFT_IDS.khachapuri * 10 + 2, modifierId: 10, name: null, items: [] },
      ],
    });
  }
  drifted.push({ positionId: "abc", modifiers: [] });
  return drifted;
}

export function driftedTimeSlots(list: readonly Raw[]): unknown[] {
  const drifted: unknown[] = list.map((slot, i) =>
    i === 0
      ? {
          ...slot,
          details: [...(slot.details as unknown[]), { dayOfWeek: "HOLIDAY", startAt: "08:00", endAt: "11:00", isActive: true }],
        }
      : slot,
  );
  return [...drifted, { positionIds: ["x"], details: [] }];
}

export function driftedWorkingHours(list: readonly Raw[]): unknown[] {
  const drifted: unknown[] = list.map((entry, i) =>
    i === 0
      ? { ...entry, hours: [...(entry.hours as unknown[]), { dayOfWeek: "FUNDAY", active: true, open: "10:00", close: "11:00" }] }
      : entry,
  );
  return [...drifted, { type: "TABLE", minTimeMinutes: 0, dayInAdvance: 0, hours: [] }];
}

export function driftedPromotions(list: readonly Promotion[]): unknown[] {
  return [...list, { id: 9401, title: null }, { title: "Акция без id", description: "" }, ...first(list)];
}
