/** Upstream answers for the client tests (shapes of server/upstream/schemas.ts). Money in minor units. */
export const BASE = "http://upstream.test";
export const WHITE_LABEL = "test-brand";
export const API_KEY = "test-api-key";

export const square = {
  type: "Polygon",
  coordinates: [
    [
      [37.5, 55.7],
      [37.7, 55.7],
      [37.7, 55.8],
      [37.5, 55.8],
      [37.5, 55.7],
    ],
  ],
};

export const city = {
  id: 115,
  name: "Москва",
  bounds: { north: 56, south: 55.5, east: 38, west: 37.3 },
  center: { lat: 55.75, lng: 37.62 },
  zoom: 11,
};

export const restoSummaries = [
  { id: 173, name: "Pizza Central", cityIds: [115] },
  { id: 174, name: "Pizza North", cityIds: [115] },
];

export function resto(id = 173, overrides: Record<string, unknown> = {}) {
  return {
    id,
    name: id === 173 ? "Pizza Central" : `Resto ${id}`,
    address: "Москва, Тверская 1",
    street: "Тверская 1",
    currency: "RUB",
    menus: [
      { id: 1, name: "Основное", order: 1, isDelivery: true, isTakeAway: true },
      { id: 2, name: "Бар", order: 2, isDelivery: false, isTakeAway: true },
    ],
    openingHours: [{ dayOfWeek: "MONDAY", active: true, open: "10:00", close: "23:00" }],
    payConfig: {
      delivery: { cardOnline: "yookassa", cardUponReceipt: true, cashUponReceipt: true },
      takeAway: { cardOnline: "", cardUponReceipt: false, cashUponReceipt: true },
    },
    ...overrides,
  };
}

export function groups(menuId: number) {
  return [
    { id: menuId * 10 + 2, menuId, name: "Напитки", order: 2, photos: [] },
    { id: menuId * 10 + 1, menuId, name: "Пицца", order: 1, photos: [{ url: "https://img.test/pizza.jpg" }], isAdult: false },
  ];
}

export function positions(menuId: number, { ungrouped = true } = {}) {
  const list = [
    {
      id: menuId * 100 + 1,
      menu: { id: menuId },
      positionGroup: { id: menuId * 10 + 1 },
      name: "Маргарита",
      price: 59000,
      hasModifiers: true,
    },
    { id: menuId * 100 + 2, menu: { id: menuId }, positionGroup: { id: menuId * 10 + 2 }, name: "Морс", price: 15000 },
  ];
  if (ungrouped)
    list.push({ id: menuId * 100 + 3, menu: { id: menuId }, positionGroup: null as never, name: "Соус", price: 5000 });
  return list;
}

export const modifiers = [
  {
    positionId: 101,
    modifiers: [
      {
        id: 7,
        modifierId: 70,
        minCount: 0,
        maxCount: 2,
        name: "Сыр",
        nameUi: null,
        items: [{ id: 71, name: "Моцарелла", price: 9000 }],
      },
    ],
  },
];

export const timeSlots = [
  { positionIds: [101, 102], details: [{ dayOfWeek: "MONDAY", startAt: "11:00", endAt: "16:00", isActive: true }] },
];

export const workingHours = [
  {
    type: "DELIVERY",
    minTimeMinutes: 60,
    dayInAdvance: 2,
    hours: [{ dayOfWeek: "MONDAY", active: true, open: "10:00", close: "22:00" }],
  },
];

export const promotions = [{ id: 5, title: "2 пиццы по цене 1", description: "По понедельникам", photos: [], order: 1 }];

export function deliveriesPage(restoId: number) {
  return {
    content: [
      {
        id: restoId * 10,
        name: `Зона ${restoId}`,
        polygon: square,
        rules: [
          { deliveryPrice: 0, time: 45, minOrderPrice: 200000, maxOrderPrice: null },
          { deliveryPrice: 19900, time: 60, minOrderPrice: 70000, maxOrderPrice: 200000 },
        ],
      },
    ],
    totalElements: 1,
  };
}

export const tokens = { accessToken: "access-1", refreshToken: "refresh-1" };

export const profile = {
  id: 42,
  accountIds: [1],
  avatar: null,
  deliveries: [],
  email: "ivan@example.com",
  firstName: "Иван",
  lastName: "Петров",
  patronymic: null,
  phone: "+79990000000",
};

export const preflightPayload = {
  deliveryType: "DELIVERY" as const,
  payType: "CARD_ONLINE" as const,
  promoCode: null,
  positions: [{ id: 101, count: 2, name: "Маргарита", price: 59000, sum: 118000, modifiers: [] }],
  restoId: 173,
  address: "Москва, Тверская 1",
  location: { lat: 55.75, lng: 37.61 },
};

export const preflightAnswer = {
  positions: [
    { id: 101, discounts: [], promoCodes: [], sum: 118000, specials: [], payableAmount: 118000 },
    { id: 9000, sum: 19900, specials: ["DELIVERY_PRICE"], payableAmount: 19900 },
  ],
  promoCode: null,
};
