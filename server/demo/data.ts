/**
 * The demo brand's data ("Демо Пицца", DESIGN.md "The demo brand"). Deterministic: no randomness, large
 * lists come from fixed name tables and loops. Every branch of the spec has an example here:
 *
 * - city 115 Москва (default location, spec §3/§9): a chain —
 *   173 "на Тверской" (default resto: delivery + takeaway, two zones with several thresholds),
 *   174 "на Арбате" (takeaway only: no delivery menus, no zones, payConfig.delivery all off),
 *   175 "на ВДНХ" (day off: every openingHours entry inactive; has its own zone);
 * - city 116 Казань: one resto (176) with a single city-wide zone;
 * - city 117 Тверь: no restaurants at all ('Нет привязанных заведений'), kept last.
 *
 * Coordinates: polygons are GeoJSON ([lng, lat]) with closed rings; LatLng objects are { lat, lng }.
 * Money is in minor units (kopecks).
 */
import type {
  City,
  DayOfWeek,
  DeliveryMethod,
  DeliveryRule,
  DeliveryZoneDto,
  LatLng,
  MeasureUnit,
  ModifierGroup,
  OpeningHours,
  PaymentOptions,
  Polygon,
  Position,
  PositionGroup,
  PositionModifiers,
  PositionTimeSlot,
  Promotion,
  Resto,
  RestoMenuRef,
  RestoSummary,
  TimeSlotDetail,
  WorkingHours,
} from "~/lib/model";
import { largeMenuEnabled, withLargeMenu } from "./large-menu";

// ─── ids ────────────────────────────────────────────────────────────────────────────────────────

export const DEMO_CITY_IDS = { moscow: 115, kazan: 116, tver: 117, samara: 118 } as const;
export const DEMO_RESTO_IDS = { tverskaya: 173, arbat: 174, vdnh: 175, kazan: 176, samara: 177 } as const;
export const DEMO_MENU_IDS = { main: 501, bar: 502, bakery: 503, coffee: 504, kazan: 506 } as const;
export const DEMO_ZONE_IDS = { center: 1731, south: 1732, north: 1751, kazan: 1761 } as const;
/** the white-label name answered with an empty city list (exercises "no cities") */
export const DEMO_EMPTY_WHITE_LABEL = "demo-empty";

const WEEK: readonly DayOfWeek[] = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"];
const WEEKDAYS: readonly DayOfWeek[] = WEEK.slice(0, 5);

// ─── photos (served as SVG placeholders under public/demo/) ────────────────────────────────────

const photo = (slug: string) => `/demo/photos/${slug}.webp`;

const PHOTO_SLUGS = [
  "pizza",
  "rolls",
  "soup",
  "salad",
  "hot",
  "breakfast",
  "shashlik",
  "dessert",
  "drinks",
  "beer",
  "wine",
  "cocktail",
  "bakery",
  "coffee",
  "tatar",
  "resto-tverskaya",
  "resto-tverskaya-hall",
  "resto-arbat",
  "resto-vdnh",
  "resto-kazan",
  "promo-welcome",
  "promo-pizza-day",
  "promo-breakfast",
  "promo-pickup",
  "promo-kazan",
] as const;
type PhotoSlug = (typeof PHOTO_SLUGS)[number];

/** Every photo path the data uses (the app serves a placeholder SVG at each). */
export const DEMO_PHOTO_PATHS: readonly string[] = PHOTO_SLUGS.map(photo);

const photos = (...slugs: PhotoSlug[]) => slugs.map((slug) => ({ url: photo(slug) }));

// ─── cities ─────────────────────────────────────────────────────────────────────────────────────

export const DEMO_CITIES: readonly City[] = [
  {
    id: DEMO_CITY_IDS.moscow,
    name: "Москва",
    bounds: { north: 55.92, south: 55.57, east: 37.86, west: 37.37 },
    center: { lat: 55.7558, lng: 37.6173 },
    zoom: 11,
  },
  {
    id: DEMO_CITY_IDS.kazan,
    name: "Казань",
    bounds: { north: 55.9, south: 55.69, east: 49.31, west: 48.94 },
    center: { lat: 55.7963, lng: 49.1088 },
    zoom: 12,
  },
  // issue 36 §2: a restaurant in another timezone with a day off a week; the template of the tests' clock restaurants
  {
    id: DEMO_CITY_IDS.samara,
    name: "Самара",
    bounds: { north: 53.33, south: 53.12, east: 50.3, west: 49.95 },
    center: { lat: 53.1959, lng: 50.1002 },
    zoom: 12,
  },
  // no restaurants here: keep it last
  {
    id: DEMO_CITY_IDS.tver,
    name: "Тверь",
    bounds: { north: 56.92, south: 56.8, east: 36.02, west: 35.8 },
    center: { lat: 56.8587, lng: 35.9176 },
    zoom: 12,
  },
];

/** Region names for the geocoder's address components. */
export const DEMO_CITY_REGIONS: Readonly<Record<number, string>> = {
  [DEMO_CITY_IDS.moscow]: "Москва",
  [DEMO_CITY_IDS.kazan]: "Республика Татарстан",
  [DEMO_CITY_IDS.tver]: "Тверская область",
  [DEMO_CITY_IDS.samara]: "Самарская область",
};

// ─── modifiers ──────────────────────────────────────────────────────────────────────────────────

type ModifierTemplate = Omit<ModifierGroup, "id">;

/** Modifier groups by modifierId; a position's group instance gets its own id (positionId × 10 + n). */
export const DEMO_MODIFIER_TEMPLATES: Readonly<Record<number, ModifierTemplate>> = {
  // a required single choice (min 1, max 1)
  1: {
    modifierId: 1,
    name: "Размер",
    nameUi: "Выберите размер",
    minCount: 1,
    maxCount: 1,
    items: [
      { id: 101, name: "25 см", price: 0 },
      { id: 102, name: "30 см", price: 15000 },
      { id: 103, name: "35 см", price: 29000 },
    ],
  },
  // an optional add-on group (min 0, max 3)
  2: {
    modifierId: 2,
    name: "Добавки",
    nameUi: "Добавить по вкусу",
    minCount: 0,
    maxCount: 3,
    items: [
      { id: 201, name: "Двойная моцарелла", price: 9000 },
      { id: 202, name: "Бекон", price: 9000 },
      { id: 203, name: "Халапеньо", price: 5000 },
      { id: 204, name: "Шампиньоны", price: 6000 },
      { id: 205, name: "Сырный бортик", price: 12000 },
    ],
  },
  3: {
    modifierId: 3,
    name: "Соусы",
    nameUi: null,
    minCount: 0,
    maxCount: 2,
    items: [
      { id: 301, name: "Соевый соус", price: 0 },
      { id: 302, name: "Спайси", price: 4000 },
      { id: 303, name: "Унаги", price: 4000 },
    ],
  },
  4: {
    modifierId: 4,
    name: "Прожарка",
    nameUi: "Степень прожарки",
    minCount: 1,
    maxCount: 1,
    items: [
      { id: 401, name: "Medium rare", price: 0 },
      { id: 402, name: "Medium", price: 0 },
      { id: 403, name: "Well done", price: 0 },
    ],
  },
  5: {
    modifierId: 5,
    name: "Молоко",
    nameUi: "Молоко на выбор",
    minCount: 0,
    maxCount: 1,
    items: [
      { id: 501, name: "Овсяное", price: 6000 },
      { id: 502, name: "Миндальное", price: 7000 },
      { id: 503, name: "Безлактозное", price: 5000 },
    ],
  },
  6: {
    modifierId: 6,
    name: "Сироп",
    nameUi: null,
    minCount: 0,
    maxCount: 2,
    items: [
      { id: 601, name: "Карамель", price: 4000 },
      { id: 602, name: "Ваниль", price: 4000 },
      { id: 603, name: "Лесной орех", price: 4000 },
    ],
  },
};

// ─── menus ──────────────────────────────────────────────────────────────────────────────────────

/** [name, price in roubles, measure value or null, description, extras] */
type ItemSpec = [
  name: string,
  priceRub: number,
  measure: number | null,
  description: string,
  extra?: { cookingTime?: number; modifierIds?: number[]; unit?: MeasureUnit; noPhoto?: boolean },
];

interface GroupSpec {
  key: string;
  name: string;
  photo: PhotoSlug | null;
  unit: MeasureUnit | null;
  isAdult?: boolean;
  cookingTime?: number;
  modifierIds?: number[];
  items: ItemSpec[];
}

interface MenuSpec {
  ref: RestoMenuRef;
  firstPositionId: number;
  groups: GroupSpec[];
  /** positions with positionGroup null (the app adds the synthetic 'Прочее' group) */
  ungrouped?: ItemSpec[];
}

export interface DemoMenu {
  ref: RestoMenuRef;
  groups: PositionGroup[];
  positions: Position[];
  /** modifier groups by position id (only positions with hasModifiers) */
  modifiers: PositionModifiers[];
  /** group key → group id (data.ts-internal names such as "breakfast") */
  groupIdByKey: Readonly<Record<string, number>>;
}

const PIZZAS: ItemSpec[] = [
  ["Маргарита", 490, 25, "Томатный соус, моцарелла, базилик"],
  ["Пепперони", 590, 25, "Пепперони, моцарелла, томатный соус"],
  ["Четыре сыра", 650, 25, "Моцарелла, горгонзола, пармезан, чеддер"],
  ["Гавайская", 560, 25, "Курица, ананасы, моцарелла"],
  ["Мясная", 690, 25, "Бекон, ветчина, колбаски, говядина"],
  ["Барбекю", 640, 25, "Курица, бекон, красный лук, соус барбекю"],
  ["Грибная", 540, 25, "Шампиньоны, вешенки, сливочный соус"],
  ["Вегетарианская", 520, 25, "Перец, томаты, оливки, шампиньоны"],
  ["Диабло", 620, 25, "Острая салями, халапеньо, чили"],
  ["Карбонара", 630, 25, "Бекон, пармезан, сливочный соус, желток"],
  ["Цезарь", 610, 25, "Курица, романо, пармезан, соус цезарь"],
  ["Морская", 790, 25, "Креветки, мидии, кальмары"],
  ["С лососем", 850, 25, "Лосось, сливочный сыр, каперсы"],
  ["Деревенская", 570, 25, "Картофель, бекон, маринованные огурцы"],
  ["Сырный цыплёнок", 580, 25, "Курица, чеддер, моцарелла"],
  ["Пицца дня", 450, 25, "Каждый день новая: спросите у повара"],
];

const ROLLS: ItemSpec[] = [
  ["Филадельфия", 690, 8, "Лосось, сливочный сыр, огурец"],
  ["Калифорния", 590, 8, "Краб, авокадо, тобико"],
  ["Канада", 650, 8, "Угорь, лосось, сливочный сыр"],
  ["Дракон", 720, 8, "Угорь, авокадо, соус унаги"],
  ["Унаги маки", 380, 6, "Угорь, кунжут"],
  ["Спайси лосось", 540, 8, "Лосось, соус спайси, зелёный лук"],
  ["Маки с огурцом", 190, 6, "Огурец, кунжут"],
  ["Маки с лососем", 290, 6, "Лосось"],
  ["Маки с тунцом", 320, 6, "Тунец"],
  ["Запечённый с крабом", 560, 8, "Краб, сыр, соус спайси"],
  ["Темпура с креветкой", 610, 8, "Креветка, огурец, соус унаги"],
  ["Вегетарианский", 390, 8, "Авокадо, огурец, перец"],
  ["Бонито", 520, 8, "Лосось, стружка тунца"],
  ["Сет «Семейный»", 2490, 32, "Филадельфия, Калифорния, Канада и Дракон"],
];

const SOUPS: ItemSpec[] = [
  ["Борщ", 390, 350, "Со сметаной и чесночными пампушками"],
  ["Том ям", 450, 350, "Креветки, кокосовое молоко, лемонграсс"],
  ["Солянка сборная", 420, 350, "Копчёности, оливки, лимон"],
  ["Куриный суп с лапшой", 320, 350, "Домашняя лапша, зелень"],
  ["Мисо-суп", 250, 300, "Тофу, вакаме, зелёный лук"],
  ["Грибной крем-суп", 360, 300, "Шампиньоны, сливки, гренки"],
];

const SALADS: ItemSpec[] = [
  ["Цезарь с курицей", 490, 220, "Романо, курица, пармезан, гренки"],
  ["Греческий", 420, 230, "Томаты, огурцы, фета, оливки"],
  ["Оливье", 350, 200, "Классический рецепт"],
  ["Винегрет", 290, 200, "Свёкла, картофель, квашеная капуста"],
  ["С тунцом", 560, 210, "Тунец, яйцо, фасоль, томаты"],
  ["Тёплый с говядиной", 620, 230, "Говядина, овощи гриль, соус терияки"],
  ["Капрезе", 480, 200, "Томаты, моцарелла, песто"],
  ["Сельдь под шубой", 380, 220, "Сельдь, свёкла, морковь, майонез"],
];

const HOT: ItemSpec[] = [
  ["Котлета по-киевски", 560, 280, "С картофельным пюре"],
  ["Бефстроганов", 640, 300, "Говядина в сливочном соусе, гречка"],
  ["Паста карбонара", 520, 300, "Спагетти, бекон, пармезан"],
  ["Паста болоньезе", 510, 300, "Спагетти, рагу из говядины"],
  ["Ризотто с грибами", 540, 280, "Белые грибы, пармезан"],
  ["Лосось на гриле", 890, 250, "С овощами и соусом терияки"],
  ["Пельмени домашние", 420, 300, "Со сметаной"],
  ["Плов", 480, 320, "Баранина, морковь, зира"],
  ["Стейк рибай", 1690, 300, "Мраморная говядина", { modifierIds: [4], cookingTime: 35 }],
  // spec §9: above 1.5 hours of cooking the card shows the extended-cooking label
  ["Утка по-пекински", 1890, 800, "Целая утка, блинчики, огурец, соус хойсин", { cookingTime: 120 }],
  ["Томлёная говяжья щека", 1290, 350, "Томится шесть часов, подаётся с пюре", { cookingTime: 150 }],
];

const BREAKFASTS: ItemSpec[] = [
  ["Сырники", 390, 200, "Со сметаной и ягодным соусом"],
  ["Омлет с ветчиной", 350, 220, "Три яйца, ветчина, сыр"],
  ["Овсяная каша", 250, 250, "На молоке, с ягодами"],
  ["Блины со сметаной", 290, 200, "Три блина"],
  ["Яйца бенедикт", 450, 250, "Бриошь, бекон, голландский соус"],
  ["Английский завтрак", 590, 350, "Яйца, бекон, колбаски, фасоль, тост"],
];

const SHASHLIK: ItemSpec[] = [
  ["Шашлык из свинины", 690, 250, "Шейка на углях, лук, лаваш"],
  ["Шашлык из курицы", 550, 250, "Бедро на углях, лаваш"],
  ["Люля-кебаб", 590, 220, "Баранина и говядина, соус"],
  ["Шашлык из баранины", 890, 250, "Корейка на углях"],
];

const DESSERTS: ItemSpec[] = [
  ["Чизкейк Нью-Йорк", 350, 130, "Классический"],
  ["Тирамису", 390, 150, "Маскарпоне, савоярди, кофе"],
  ["Медовик", 320, 140, "Домашний"],
  ["Наполеон", 330, 140, "Слоёный, с заварным кремом"],
  ["Эклер", 190, 80, "С ванильным кремом"],
  ["Панна-котта", 290, 120, "С ягодным соусом"],
  ["Пломбир", 220, 100, "Два шарика"],
  ["Брауни", 260, 100, "С шариком мороженого"],
];

const DRINKS: ItemSpec[] = [
  ["Морс клюквенный", 190, 500, "Домашний"],
  ["Компот из сухофруктов", 160, 500, "Домашний"],
  ["Кола", 150, 500, "В бутылке"],
  ["Сок апельсиновый", 200, 300, "Свежевыжатый"],
  ["Вода без газа", 100, 500, "Питьевая"],
  ["Чай чёрный", 250, 500, "Чайник"],
  ["Квас", 180, 500, "Хлебный"],
  ["Лимонад домашний", 240, 400, "Лимон, мята"],
];

const MAIN_UNGROUPED: ItemSpec[] = [
  ["Соевый соус", 40, 30, "Порция", { unit: "ml" }],
  ["Имбирь маринованный", 40, 20, "Порция", { unit: "g" }],
  ["Васаби", 40, 10, "Порция", { unit: "g" }],
  ["Приборы", 0, 1, "Палочки или вилка", { unit: "pc" }],
  ["Фирменный пакет", 15, null, "Бумажный"],
];

const BEER: ItemSpec[] = [
  ["Жигулёвское", 250, 500, "Светлое, 4,5 %"],
  ["Балтика 7", 270, 500, "Светлое, 5,4 %"],
  ["Пильзнер", 320, 500, "Светлое, 4,8 %"],
  ["Пшеничное нефильтрованное", 340, 500, "5,2 %"],
  ["Стаут", 390, 500, "Тёмное, 6 %"],
  ["IPA", 420, 500, "Индийский светлый эль, 6,5 %"],
  ["Сидр яблочный", 360, 500, "Полусухой, 5 %"],
  ["Сидр грушевый", 360, 500, "Полусладкий, 4,5 %"],
];

const WINE: ItemSpec[] = [
  ["Красное сухое, бокал", 450, 150, "Каберне совиньон"],
  ["Белое сухое, бокал", 450, 150, "Шардоне"],
  ["Розовое, бокал", 420, 150, "Гренаш"],
  ["Игристое брют, бокал", 490, 150, "Кубань"],
  ["Красное сухое, бутылка", 2400, 750, "Каберне совиньон"],
  ["Белое сухое, бутылка", 2300, 750, "Шардоне"],
  ["Просекко, бутылка", 2600, 750, "Италия"],
  ["Глинтвейн", 390, 300, "Красное вино, пряности, апельсин"],
];

const COCKTAILS: ItemSpec[] = [
  ["Апероль шприц", 590, 300, "Апероль, просекко, содовая"],
  ["Мохито", 550, 300, "Ром, лайм, мята, содовая"],
  ["Негрони", 620, 120, "Джин, кампари, вермут"],
  ["Маргарита (коктейль)", 600, 150, "Текила, трипл-сек, лайм"],
  ["Пина колада", 580, 300, "Ром, кокос, ананас"],
  ["Лонг-Айленд", 690, 350, "Пять крепких основ и кола"],
];

const SOFT_BAR: ItemSpec[] = [
  ["Мохито безалкогольный", 390, 400, "Лайм, мята, содовая"],
  ["Лимонад тархун", 290, 400, "Домашний"],
  ["Лимонад груша", 290, 400, "Домашний"],
  ["Смузи ягодный", 350, 300, "Клубника, банан, йогурт"],
  ["Молочный коктейль", 320, 300, "Ванильный"],
  ["Холодный чай", 250, 400, "Персик"],
];

const BAKERY: ItemSpec[] = [
  ["Круассан", 150, 70, "Сливочный"],
  ["Пирожок с капустой", 90, 100, "Печёный"],
  ["Пирожок с мясом", 110, 100, "Печёный"],
  ["Слойка с вишней", 120, 90, "Вишня, сахарная пудра"],
  ["Багет", 130, 250, "Французский"],
  ["Булочка с корицей", 140, 90, "Корица, глазурь"],
];

const COFFEE: ItemSpec[] = [
  ["Эспрессо", 150, 40, "Двойная обжарка"],
  ["Американо", 180, 250, "Эспрессо и горячая вода"],
  ["Капучино", 220, 300, "Эспрессо и молочная пена", { modifierIds: [5, 6] }],
  ["Латте", 240, 350, "Эспрессо и молоко", { modifierIds: [5, 6] }],
  ["Раф", 280, 350, "Сливки, ванильный сахар", { modifierIds: [6] }],
  ["Флэт уайт", 260, 250, "Двойной эспрессо, молоко", { modifierIds: [5] }],
];

const COFFEE_BAKERY: ItemSpec[] = [
  ["Круассан", 150, 70, "Сливочный"],
  ["Синнабон", 220, 120, "Булочка с корицей и сливочным кремом"],
  ["Маффин шоколадный", 180, 100, "С кусочками шоколада"],
  ["Печенье овсяное", 90, 60, "Домашнее"],
];

const TATAR: ItemSpec[] = [
  ["Эчпочмак", 150, 200, "Треугольный пирожок с мясом и картофелем"],
  ["Бэлиш", 690, 500, "Большой пирог с мясом и картофелем", { cookingTime: 95 }],
  ["Кыстыбый", 120, 150, "Лепёшка с картофельным пюре"],
  ["Азу по-татарски", 520, 300, "Говядина, солёные огурцы, картофель"],
  ["Суп с лапшой", 320, 350, "Домашняя лапша, курица"],
  ["Чак-чак", 290, 150, "С мёдом"],
];

const KAZAN_PIZZA: ItemSpec[] = [
  ["Маргарита", 470, 25, "Томатный соус, моцарелла, базилик"],
  ["Пепперони", 570, 25, "Пепперони, моцарелла, томатный соус"],
  ["Четыре сыра", 630, 25, "Моцарелла, горгонзола, пармезан, чеддер"],
  ["С казы", 690, 25, "Конская колбаса казы, моцарелла, лук", { noPhoto: true }],
];

const KAZAN_DRINKS: ItemSpec[] = [
  ["Айран", 120, 300, "Кисломолочный"],
  ["Чай с чабрецом", 150, 400, "Чайник"],
  ["Морс брусничный", 190, 500, "Домашний"],
];

const MENU_SPECS: readonly MenuSpec[] = [
  {
    ref: menuRef(DEMO_MENU_IDS.main, "Основное меню", 1, { delivery: true, takeAway: true }),
    firstPositionId: 10001,
    groups: [
      { key: "pizza", name: "Пицца", photo: "pizza", unit: "cm", cookingTime: 25, modifierIds: [1, 2], items: PIZZAS },
      { key: "rolls", name: "Роллы", photo: "rolls", unit: "pc", cookingTime: 20, modifierIds: [3], items: ROLLS },
      { key: "soups", name: "Супы", photo: "soup", unit: "ml", cookingTime: 15, items: SOUPS },
      { key: "salads", name: "Салаты", photo: "salad", unit: "g", cookingTime: 15, items: SALADS },
      { key: "hot", name: "Горячее", photo: "hot", unit: "g", cookingTime: 30, items: HOT },
      { key: "breakfast", name: "Завтраки", photo: "breakfast", unit: "g", cookingTime: 15, items: BREAKFASTS },
      { key: "shashlik", name: "Шашлык выходного дня", photo: "shashlik", unit: "g", cookingTime: 40, items: SHASHLIK },
      { key: "desserts", name: "Десерты", photo: "dessert", unit: "g", items: DESSERTS },
      { key: "drinks", name: "Напитки", photo: "drinks", unit: "ml", items: DRINKS },
    ],
    ungrouped: MAIN_UNGROUPED,
  },
  {
    ref: menuRef(DEMO_MENU_IDS.bar, "Бар", 2, { delivery: true, takeAway: true }),
    firstPositionId: 20001,
    groups: [
      { key: "beer", name: "Пиво и сидр", photo: "beer", unit: "ml", isAdult: true, items: BEER },
      { key: "wine", name: "Вино", photo: "wine", unit: "ml", isAdult: true, items: WINE },
      { key: "cocktails", name: "Коктейли", photo: "cocktail", unit: "ml", isAdult: true, items: COCKTAILS },
      // a group without a photo
      { key: "soft", name: "Безалкогольные коктейли", photo: null, unit: "ml", items: SOFT_BAR },
    ],
  },
  {
    // takeaway only: ordering these for delivery answers 'order.positions-cannot-be-delivered'
    ref: menuRef(DEMO_MENU_IDS.bakery, "Выпечка навынос", 3, { delivery: false, takeAway: true }),
    firstPositionId: 30001,
    groups: [{ key: "bakery", name: "Свежая выпечка", photo: "bakery", unit: "g", items: BAKERY }],
  },
  {
    ref: menuRef(DEMO_MENU_IDS.coffee, "Кофейня", 1, { delivery: false, takeAway: true }),
    firstPositionId: 40001,
    groups: [
      { key: "coffee", name: "Кофе", photo: "coffee", unit: "ml", cookingTime: 5, items: COFFEE },
      { key: "coffee-bakery", name: "К кофе", photo: "bakery", unit: "g", items: COFFEE_BAKERY },
    ],
  },
  {
    ref: menuRef(DEMO_MENU_IDS.kazan, "Меню Казани", 1, { delivery: true, takeAway: true }),
    firstPositionId: 60001,
    groups: [
      { key: "tatar", name: "Татарская кухня", photo: "tatar", unit: "g", cookingTime: 20, items: TATAR },
      { key: "pizza", name: "Пицца", photo: "pizza", unit: "cm", cookingTime: 25, modifierIds: [1, 2], items: KAZAN_PIZZA },
      { key: "drinks", name: "Напитки", photo: "drinks", unit: "ml", items: KAZAN_DRINKS },
    ],
  },
];

function menuRef(id: number, name: string, order: number, kinds: { delivery: boolean; takeAway: boolean }): RestoMenuRef {
  return { id, name, order, isDelivery: kinds.delivery, isOnline: false, isTable: false, isTakeAway: kinds.takeAway };
}

/** Every 4th position of a group has no photo, so the placeholder path is exercised. */
function positionPhotos(group: GroupSpec | null, index: number, item: ItemSpec): Position["photos"] {
  if (!group?.photo || item[4]?.noPhoto || index % 4 === 3) return [];
  return photos(group.photo);
}

function buildPosition(
  menuId: number,
  id: number,
  group: GroupSpec | null,
  groupId: number | null,
  index: number,
  item: ItemSpec,
): Position {
  const [name, priceRub, measure, description, extra] = item;
  const unit = extra?.unit ?? group?.unit ?? null;
  const modifierIds = extra?.modifierIds ?? group?.modifierIds ?? [];
  return {
    id,
    menu: { id: menuId },
    positionGroup: groupId === null ? null : { id: groupId },
    name,
    description,
    price: priceRub * 100,
    photos: positionPhotos(group, index, item),
    measure: measure !== null && unit !== null ? { value: measure, unit } : null,
    cookingTime: extra?.cookingTime ?? group?.cookingTime ?? null,
    order: (index + 1) * 10,
    hasModifiers: modifierIds.length > 0,
  };
}

function buildModifiers(positionId: number, modifierIds: number[]): PositionModifiers {
  return {
    positionId,
    modifiers: modifierIds.map((modifierId, n) => {
      const template = DEMO_MODIFIER_TEMPLATES[modifierId];
      if (!template) throw new Error(`demo data: unknown modifier template ${modifierId}`);
      return { ...template, id: positionId * 10 + n + 1, items: template.items.map((item) => ({ ...item })) };
    }),
  };
}

function buildMenu(spec: MenuSpec): DemoMenu {
  const groups: PositionGroup[] = [];
  const positions: Position[] = [];
  const modifiers: PositionModifiers[] = [];
  const groupIdByKey: Record<string, number> = {};
  let nextId = spec.firstPositionId;
  const add = (group: GroupSpec | null, groupId: number | null, items: ItemSpec[]) => {
    items.forEach((item, index) => {
      const position = buildPosition(spec.ref.id, nextId++, group, groupId, index, item);
      positions.push(position);
      const modifierIds = item[4]?.modifierIds ?? group?.modifierIds ?? [];
      if (modifierIds.length) modifiers.push(buildModifiers(position.id, modifierIds));
    });
  };
  spec.groups.forEach((group, index) => {
    const id = spec.ref.id * 100 + index + 1; // 50101, 50102 …
    groupIdByKey[group.key] = id;
    groups.push({
      id,
      menuId: spec.ref.id,
      name: group.name,
      order: (index + 1) * 10,
      photos: group.photo ? photos(group.photo) : [],
      isAdult: group.isAdult ?? false,
    });
    add(group, id, group.items);
  });
  if (spec.ungrouped) add(null, null, spec.ungrouped);
  return { ref: spec.ref, groups, positions, modifiers, groupIdByKey };
}

// the large-menu scenario (DEMO_LARGE_MENU=1) grows the main menu to a real chain's size
const builtMenus = MENU_SPECS.map(buildMenu);
export const DEMO_MENUS: readonly DemoMenu[] = largeMenuEnabled() ? withLargeMenu(builtMenus, DEMO_MENU_IDS.main, photo) : builtMenus;

// ─── delivery zones ─────────────────────────────────────────────────────────────────────────────

/** A closed GeoJSON ring from [lng, lat] corners (the first corner is repeated at the end). */
function polygon(corners: Array<[lng: number, lat: number]>): Polygon {
  const ring = corners.map(([lng, lat]) => [lng, lat]);
  ring.push([...ring[0]!]);
  return { type: "Polygon", coordinates: [ring] };
}

const rule = (minRub: number, maxRub: number | null, priceRub: number, time: number): DeliveryRule => ({
  minOrderPrice: minRub * 100,
  maxOrderPrice: maxRub === null ? null : maxRub * 100,
  deliveryPrice: priceRub * 100,
  time,
});

const ZONES: Readonly<Record<number, DeliveryZoneDto[]>> = {
  [DEMO_RESTO_IDS.tverskaya]: [
    {
      id: DEMO_ZONE_IDS.center,
      name: "Центр",
      polygon: polygon([
        [37.555, 55.755],
        [37.575, 55.782],
        [37.617, 55.795],
        [37.66, 55.782],
        [37.68, 55.755],
        [37.66, 55.728],
        [37.617, 55.717],
        [37.575, 55.728],
      ]),
      // min order 500 ₽; 299 ₽ up to 1 000 ₽, 149 ₽ up to 2 000 ₽, free from 2 000 ₽; max 15 000 ₽
      rules: [rule(500, 1000, 299, 40), rule(1000, 2000, 149, 40), rule(2000, 15000, 0, 45)],
    },
    {
      id: DEMO_ZONE_IDS.south,
      name: "Замоскворечье и юг",
      polygon: polygon([
        [37.575, 55.728],
        [37.617, 55.717],
        [37.66, 55.728],
        [37.68, 55.69],
        [37.56, 55.69],
      ]),
      // min order 1 000 ₽; 349 ₽ up to 2 500 ₽, free from 2 500 ₽; max 15 000 ₽
      rules: [rule(1000, 2500, 349, 60), rule(2500, 15000, 0, 60)],
    },
  ],
  [DEMO_RESTO_IDS.arbat]: [],
  [DEMO_RESTO_IDS.vdnh]: [
    {
      id: DEMO_ZONE_IDS.north,
      name: "Север",
      polygon: polygon([
        [37.58, 55.8],
        [37.69, 55.8],
        [37.69, 55.86],
        [37.58, 55.86],
      ]),
      // the top rule has no maximum (maxOrderPrice null)
      rules: [rule(700, 3000, 199, 50), rule(3000, null, 0, 50)],
    },
  ],
  [DEMO_RESTO_IDS.kazan]: [
    {
      id: DEMO_ZONE_IDS.kazan,
      name: "Вся Казань",
      polygon: polygon([
        [48.95, 55.7],
        [49.3, 55.7],
        [49.3, 55.89],
        [48.95, 55.89],
      ]),
      rules: [rule(600, 1200, 199, 50), rule(1200, 10000, 0, 60)],
    },
  ],
};

// ─── restaurants ────────────────────────────────────────────────────────────────────────────────

const hours = (dayOfWeek: DayOfWeek, open: string, close: string, active = true): OpeningHours => ({
  dayOfWeek,
  active,
  open,
  close,
});
const everyDay = (open: string, close: string, active = true) => WEEK.map((day) => hours(day, open, close, active));

const PAYS = [
  { id: 1, code: "CARD_ONLINE", name: "Картой онлайн" },
  { id: 2, code: "CARD", name: "Картой при получении" },
  { id: 3, code: "CASH", name: "Наличными" },
];
const TAGS = {
  pizza: { id: 1, code: "pizza", name: "Пицца" },
  sushi: { id: 2, code: "sushi", name: "Суши" },
  bar: { id: 3, code: "bar", name: "Бар" },
  coffee: { id: 4, code: "coffee", name: "Кофе" },
  tatar: { id: 5, code: "tatar", name: "Татарская кухня" },
};
const pay = (cardOnline: boolean, cardUponReceipt: boolean, cashUponReceipt: boolean): PaymentOptions => ({
  cardOnline: cardOnline ? "demo-pay" : "",
  cardUponReceipt,
  cashUponReceipt,
});
const menuRefs = (...ids: number[]): RestoMenuRef[] =>
  ids.map((id) => {
    const menu = DEMO_MENUS.find((m) => m.ref.id === id);
    if (!menu) throw new Error(`demo data: unknown menu ${id}`);
    return { ...menu.ref };
  });

export interface DemoResto {
  resto: Resto;
  cityId: number;
  zones: DeliveryZoneDto[];
  workingHours: WorkingHours[];
  promotionIds: number[];
}

const BASE_RESTO = {
  averageCheck: 120000,
  currency: "RUB",
  links: [{ value: "https://t.me/demo_pizza" }],
  pays: PAYS,
  payEngine: "demo-pay",
  timezone: "+03:00",
} satisfies Partial<Resto>;

export const DEMO_RESTOS: readonly DemoResto[] = [
  {
    cityId: DEMO_CITY_IDS.moscow,
    resto: {
      ...BASE_RESTO,
      id: DEMO_RESTO_IDS.tverskaya,
      name: "Демо Пицца на Тверской",
      address: "Москва, Тверская улица, 12",
      street: "Тверская улица, 12",
      description: "Флагман сети: пицца из дровяной печи, роллы, завтраки по будням и бар.",
      emails: [{ value: "tverskaya@demo-pizza.example" }],
      phones: [{ value: "+7 495 000-01-73" }],
      location: { lat: 55.765, lng: 37.605 },
      photos: photos("resto-tverskaya", "resto-tverskaya-hall"),
      tags: [TAGS.pizza, TAGS.sushi, TAGS.bar],
      menus: menuRefs(DEMO_MENU_IDS.main, DEMO_MENU_IDS.bar, DEMO_MENU_IDS.bakery),
      // Mon–Thu usual hours, Fri until end of day (00:00), Sat round the clock, Sun shorter
      openingHours: [
        ...WEEK.slice(0, 4).map((day) => hours(day, "09:00", "23:00")),
        hours("FRIDAY", "09:00", "00:00"),
        hours("SATURDAY", "00:00", "23:59"),
        hours("SUNDAY", "10:00", "22:00"),
      ],
      order: 1,
      // takeaway cash is off: 'resto.doesnt-support-takeaway-cash-pay'
      payConfig: { delivery: pay(true, true, true), takeAway: pay(true, true, false) },
    },
    zones: ZONES[DEMO_RESTO_IDS.tverskaya]!,
    workingHours: [
      { type: "DELIVERY", minTimeMinutes: 60, dayInAdvance: 2, hours: everyDay("10:00", "22:30") },
      { type: "TAKE_AWAY", minTimeMinutes: 20, dayInAdvance: 1, hours: everyDay("09:00", "22:00") },
    ],
    promotionIds: [301, 302, 303, 304],
  },
  {
    cityId: DEMO_CITY_IDS.moscow,
    resto: {
      ...BASE_RESTO,
      id: DEMO_RESTO_IDS.arbat,
      name: "Демо Кофейня на Арбате",
      address: "Москва, улица Арбат, 20",
      street: "улица Арбат, 20",
      averageCheck: 45000,
      description: "Кофе и выпечка с собой. Только самовывоз.",
      emails: [{ value: "arbat@demo-pizza.example" }],
      phones: [{ value: "+7 495 000-01-74" }],
      location: { lat: 55.75, lng: 37.592 },
      photos: photos("resto-arbat"),
      tags: [TAGS.coffee],
      menus: menuRefs(DEMO_MENU_IDS.coffee),
      openingHours: everyDay("08:00", "21:00"),
      order: 2,
      // takeaway only: every delivery payment option is off
      payConfig: { delivery: pay(false, false, false), takeAway: pay(true, true, true) },
    },
    zones: ZONES[DEMO_RESTO_IDS.arbat]!,
    workingHours: [{ type: "TAKE_AWAY", minTimeMinutes: 10, dayInAdvance: 0, hours: everyDay("08:00", "20:30") }],
    promotionIds: [304],
  },
  {
    cityId: DEMO_CITY_IDS.moscow,
    resto: {
      ...BASE_RESTO,
      id: DEMO_RESTO_IDS.vdnh,
      name: "Демо Пицца на ВДНХ",
      address: "Москва, проспект Мира, 150",
      street: "проспект Мира, 150",
      description: "Закрыто на санитарные дни: заказы не принимаются.",
      emails: [{ value: "vdnh@demo-pizza.example" }],
      phones: [{ value: "+7 495 000-01-75" }],
      location: { lat: 55.818, lng: 37.639 },
      photos: photos("resto-vdnh"),
      tags: [TAGS.pizza, TAGS.bar],
      // the chain shares the flagship's menus
      menus: menuRefs(DEMO_MENU_IDS.main, DEMO_MENU_IDS.bar),
      // a day off today, whatever today is: every day inactive
      openingHours: everyDay("10:00", "22:00", false),
      order: 3,
      // takeaway: cash only ('resto.doesnt-support-takeaway-online' / '-takeaway-card-pay')
      payConfig: { delivery: pay(true, true, true), takeAway: pay(false, false, true) },
    },
    zones: ZONES[DEMO_RESTO_IDS.vdnh]!,
    workingHours: [
      { type: "DELIVERY", minTimeMinutes: 60, dayInAdvance: 0, hours: everyDay("10:00", "22:00", false) },
      { type: "TAKE_AWAY", minTimeMinutes: 20, dayInAdvance: 0, hours: everyDay("10:00", "22:00", false) },
    ],
    promotionIds: [301, 302],
  },
  {
    cityId: DEMO_CITY_IDS.kazan,
    resto: {
      ...BASE_RESTO,
      id: DEMO_RESTO_IDS.kazan,
      name: "Демо Пицца Казань",
      address: "Казань, улица Пушкина, 10",
      street: "улица Пушкина, 10",
      description: "Единственное заведение в городе: доставка по всей Казани.",
      emails: [{ value: "kazan@demo-pizza.example" }],
      phones: [{ value: "+7 843 000-01-76" }],
      location: { lat: 55.7905, lng: 49.129 },
      photos: photos("resto-kazan"),
      tags: [TAGS.pizza, TAGS.tatar],
      menus: menuRefs(DEMO_MENU_IDS.kazan),
      openingHours: everyDay("00:00", "23:59"),
      order: 1,
      // online payment off for delivery: 'resto.doesnt-support-delivery-online-pay'
      payConfig: { delivery: pay(false, true, true), takeAway: pay(true, true, true) },
    },
    zones: ZONES[DEMO_RESTO_IDS.kazan]!,
    workingHours: [
      { type: "DELIVERY", minTimeMinutes: 45, dayInAdvance: 1, hours: everyDay("10:00", "23:00") },
      { type: "TAKE_AWAY", minTimeMinutes: 15, dayInAdvance: 1, hours: everyDay("09:00", "23:00") },
    ],
    promotionIds: [301, 305],
  },
  {
    cityId: DEMO_CITY_IDS.samara,
    resto: {
      ...BASE_RESTO,
      id: DEMO_RESTO_IDS.samara,
      name: "Демо Пицца Самара",
      address: "Самара, Ленинградская улица, 30",
      street: "Ленинградская улица, 30",
      description: "Пицца навынос. Воскресенье — выходной; предзаказ на два дня вперёд.",
      emails: [{ value: "samara@demo-pizza.example" }],
      phones: [{ value: "+7 846 000-01-77" }],
      location: { lat: 53.1905, lng: 50.0977 },
      photos: photos("resto-kazan"),
      tags: [TAGS.pizza],
      menus: menuRefs(DEMO_MENU_IDS.main, DEMO_MENU_IDS.bakery),
      // Samara time; Monday to Saturday 09:00–22:00, Sunday a day off
      timezone: "+04:00",
      openingHours: WEEK.map((day) => hours(day, "09:00", "22:00", day !== "SUNDAY")),
      order: 1,
      // takeaway only
      payConfig: { delivery: pay(false, false, false), takeAway: pay(true, true, true) },
    },
    zones: [],
    workingHours: [
      {
        type: "TAKE_AWAY",
        minTimeMinutes: 20,
        dayInAdvance: 2,
        hours: WEEK.map((day) => hours(day, "09:00", "21:30", day !== "SUNDAY")),
      },
    ],
    promotionIds: [301],
  },
];

/**
 * Restaurants the tests made for themselves (issue 36 §2, `/_demo/clock`, server/demo/clock.ts): each a copy of the
 * Samara one whose wall clock reads what its test asked for. Kept apart from the brand's data, looked up alike.
 */
const madeRestos: DemoResto[] = [];
const MADE_RESTOS_MAX = 500;

/** Adds a restaurant a test made (the oldest goes past a few hundred: a long-running demo server stays bounded). */
export function addMadeResto(entry: DemoResto): void {
  madeRestos.push(entry);
  if (madeRestos.length > MADE_RESTOS_MAX) madeRestos.shift();
}

/** Every restaurant: the brand's, then those the tests made. */
export function allDemoRestos(): readonly DemoResto[] {
  return madeRestos.length === 0 ? DEMO_RESTOS : [...DEMO_RESTOS, ...madeRestos];
}

// ─── position time slots ────────────────────────────────────────────────────────────────────────

const slot = (day: DayOfWeek, startAt: string, endAt: string, isActive: boolean): TimeSlotDetail => ({
  dayOfWeek: day,
  startAt,
  endAt,
  isActive,
});

/** Breakfasts: weekdays 08:00–11:00 only. */
const BREAKFAST_DETAILS: TimeSlotDetail[] = WEEK.map((day) =>
  WEEKDAYS.includes(day) ? slot(day, "08:00", "11:00", true) : slot(day, "00:00", "00:00", false),
);
/** Weekend shashlik: Fri–Sun all day (consecutive identical all-day settings, merged by the app). */
const WEEKEND_DETAILS: TimeSlotDetail[] = WEEK.map((day) =>
  ["FRIDAY", "SATURDAY", "SUNDAY"].includes(day) ? slot(day, "00:00", "23:59", true) : slot(day, "00:00", "00:00", false),
);

function groupPositionIds(menuId: number, key: string): number[] {
  const menu = findMenu(menuId);
  const groupId = menu?.groupIdByKey[key];
  return menu && groupId !== undefined ? menu.positions.filter((p) => p.positionGroup?.id === groupId).map((p) => p.id) : [];
}

// ─── promotions ─────────────────────────────────────────────────────────────────────────────────

export const DEMO_PROMOTIONS: readonly Promotion[] = [
  {
    id: 301,
    title: "Скидка 10 % на первый заказ",
    description: "Введите промокод WELCOME в корзине. Скидка до 500 ₽ при заказе от 1 000 ₽.",
    photos: photos("promo-welcome"),
    order: 1,
  },
  {
    id: 302,
    title: "Пицца дня за 450 ₽",
    description: "Каждый день новая пицца по специальной цене — и ещё 10 % скидки в корзине.",
    photos: photos("promo-pizza-day"),
    order: 2,
  },
  {
    id: 303,
    title: "Завтраки по будням",
    description: "С понедельника по пятницу с 08:00 до 11:00: сырники, омлеты и каши.",
    photos: photos("promo-breakfast"),
    order: 3,
  },
  {
    id: 304,
    title: "Самовывоз — минус 5 %",
    description: "Промокод PICKUP действует при самовывозе из любого заведения сети.",
    photos: photos("promo-pickup"),
    order: 4,
  },
  {
    id: 305,
    title: "Казань: минус 15 %",
    description: "Промокод KAZAN действует только в Казани.",
    photos: photos("promo-kazan"),
    order: 5,
  },
];

/** Automatic (non-promo) discounts the preflight applies: position id → percent and name. */
export const DEMO_AUTO_DISCOUNTS: ReadonlyArray<{ positionId: number; percent: number; name: string }> = [
  { positionId: positionIdByName(DEMO_MENU_IDS.main, "Пицца дня"), percent: 10, name: "Пицца дня −10 %" },
];

// ─── addresses the twin's geocoder knows ────────────────────────────────────────────────────────

export interface DemoAddress {
  /** stable slug, also the tail of the placeId */
  id: string;
  placeId: string;
  cityId: number;
  street: string;
  /** null: a street-only address (the app asks to confirm the missing house number) */
  house: string | null;
  location: LatLng;
  /** what tests and docs expect of it */
  kind: "inside" | "outside" | "no-house-number";
  /** the zone (and its resto) that contains it; null when outside every zone */
  zoneId: number | null;
  restoId: number | null;
}

const address = (
  id: string,
  cityId: number,
  street: string,
  house: string | null,
  location: LatLng,
  zone: { zoneId: number; restoId: number } | null,
): DemoAddress => ({
  id,
  placeId: `demo-addr-${id}`,
  cityId,
  street,
  house,
  location,
  kind: zone === null ? "outside" : house === null ? "no-house-number" : "inside",
  zoneId: zone?.zoneId ?? null,
  restoId: zone?.restoId ?? null,
});

const CENTER = { zoneId: DEMO_ZONE_IDS.center, restoId: DEMO_RESTO_IDS.tverskaya };
const SOUTH = { zoneId: DEMO_ZONE_IDS.south, restoId: DEMO_RESTO_IDS.tverskaya };
const NORTH = { zoneId: DEMO_ZONE_IDS.north, restoId: DEMO_RESTO_IDS.vdnh };
const KAZAN = { zoneId: DEMO_ZONE_IDS.kazan, restoId: DEMO_RESTO_IDS.kazan };

export const DEMO_ADDRESSES: readonly DemoAddress[] = [
  address("msk-tverskaya-7", 115, "Тверская улица", "7", { lat: 55.7575, lng: 37.612 }, CENTER),
  address("msk-myasnitskaya-24", 115, "Мясницкая улица", "24", { lat: 55.764, lng: 37.637 }, CENTER),
  address("msk-pokrovka-17", 115, "улица Покровка", "17", { lat: 55.759, lng: 37.6465 }, CENTER),
  address("msk-arbat-10", 115, "улица Арбат", "10", { lat: 55.7513, lng: 37.595 }, CENTER),
  address("msk-ordynka-40", 115, "улица Большая Ордынка", "40", { lat: 55.736, lng: 37.625 }, CENTER),
  address("msk-leninsky-30", 115, "Ленинский проспект", "30", { lat: 55.708, lng: 37.587 }, SOUTH),
  address("msk-varshavskoe-1", 115, "Варшавское шоссе", "1", { lat: 55.703, lng: 37.622 }, SOUTH),
  // street only: no house number
  address("msk-nikolskaya", 115, "Никольская улица", null, { lat: 55.757, lng: 37.6225 }, CENTER),
  // in the day-off resto's zone
  address("msk-mira-119", 115, "проспект Мира", "119", { lat: 55.829, lng: 37.633 }, NORTH),
  // in the city, outside every zone
  address("msk-profsoyuznaya-100", 115, "Профсоюзная улица", "100", { lat: 55.645, lng: 37.523 }, null),
  address("kzn-baumana-44", 116, "улица Баумана", "44", { lat: 55.789, lng: 49.1225 }, KAZAN),
  address("kzn-kremlyovskaya-21", 116, "Кремлёвская улица", "21", { lat: 55.792, lng: 49.12 }, KAZAN),
];

// ─── lookups ────────────────────────────────────────────────────────────────────────────────────

export function findCity(id: number): City | undefined {
  return DEMO_CITIES.find((city) => city.id === id);
}

export function findDemoResto(id: number): DemoResto | undefined {
  return DEMO_RESTOS.find((entry) => entry.resto.id === id) ?? madeRestos.find((entry) => entry.resto.id === id);
}

export function restoSummary(entry: DemoResto): RestoSummary {
  return { id: entry.resto.id, name: entry.resto.name, cityIds: [entry.cityId] };
}

export function restosOfCity(cityId: number): DemoResto[] {
  return allDemoRestos().filter((entry) => entry.cityId === cityId);
}

export function findMenu(id: number): DemoMenu | undefined {
  return DEMO_MENUS.find((menu) => menu.ref.id === id);
}

export function menusOfResto(restoId: number): DemoMenu[] {
  const entry = findDemoResto(restoId);
  if (!entry) return [];
  return entry.resto.menus.map((ref) => findMenu(ref.id)).filter((menu): menu is DemoMenu => menu !== undefined);
}

export function positionsOfResto(restoId: number): Position[] {
  return menusOfResto(restoId).flatMap((menu) => menu.positions);
}

/** A position of one of the resto's menus, with that menu's reference (delivery / takeaway flags). */
export function findRestoPosition(restoId: number, positionId: number): { position: Position; menu: RestoMenuRef } | undefined {
  for (const menu of menusOfResto(restoId)) {
    const position = menu.positions.find((p) => p.id === positionId);
    if (position) return { position, menu: menu.ref };
  }
  return undefined;
}

export function findPosition(positionId: number): Position | undefined {
  for (const menu of DEMO_MENUS) {
    const position = menu.positions.find((p) => p.id === positionId);
    if (position) return position;
  }
  return undefined;
}

export function positionIdByName(menuId: number, name: string): number {
  const position = findMenu(menuId)?.positions.find((p) => p.name === name);
  if (!position) throw new Error(`demo data: no position "${name}" in menu ${menuId}`);
  return position.id;
}

export function modifiersOfResto(restoId: number): PositionModifiers[] {
  return menusOfResto(restoId).flatMap((menu) => menu.modifiers);
}

export function modifiersOfPosition(positionId: number): ModifierGroup[] {
  for (const menu of DEMO_MENUS) {
    const entry = menu.modifiers.find((m) => m.positionId === positionId);
    if (entry) return entry.modifiers;
  }
  return [];
}

export function timeSlotsOfResto(restoId: number): PositionTimeSlot[] {
  const menuIds = new Set(menusOfResto(restoId).map((menu) => menu.ref.id));
  if (!menuIds.has(DEMO_MENU_IDS.main)) return [];
  return [
    { positionIds: groupPositionIds(DEMO_MENU_IDS.main, "breakfast"), details: BREAKFAST_DETAILS },
    { positionIds: groupPositionIds(DEMO_MENU_IDS.main, "shashlik"), details: WEEKEND_DETAILS },
  ];
}

export function zonesOfResto(restoId: number): DeliveryZoneDto[] {
  return findDemoResto(restoId)?.zones ?? [];
}

export function workingHoursOfResto(restoId: number): WorkingHours[] {
  return findDemoResto(restoId)?.workingHours ?? [];
}

export function promotionsOfResto(restoId: number): Promotion[] {
  const ids = findDemoResto(restoId)?.promotionIds ?? [];
  return DEMO_PROMOTIONS.filter((promotion) => ids.includes(promotion.id));
}

export function findAddress(idOrPlaceId: string): DemoAddress | undefined {
  return DEMO_ADDRESSES.find((a) => a.id === idOrPlaceId || a.placeId === idOrPlaceId);
}

export function addressesOfCity(cityId: number): DemoAddress[] {
  return DEMO_ADDRESSES.filter((a) => a.cityId === cityId);
}

/** "Тверская улица, 7" or "Никольская улица". */
export function addressLine(a: DemoAddress): string {
  return a.house === null ? a.street : `${a.street}, ${a.house}`;
}

/** "Тверская улица, 7, Москва, Россия" */
export function formattedAddress(a: DemoAddress): string {
  return `${addressLine(a)}, ${findCity(a.cityId)?.name ?? ""}, Россия`;
}

/** Whether the resto takes orders for this delivery method (a menu for it and a payment option on). */
export function restoOffers(entry: DemoResto, method: DeliveryMethod): boolean {
  const options = method === "DELIVERY" ? entry.resto.payConfig.delivery : entry.resto.payConfig.takeAway;
  const paid = Boolean(options.cardOnline) || options.cardUponReceipt || options.cashUponReceipt;
  const menu = entry.resto.menus.some((m) => (method === "DELIVERY" ? m.isDelivery : m.isTakeAway));
  return paid && menu;
}

/** Notable ids for tests and docs. */
export const DEMO_NOTABLE = {
  margherita: positionIdByName(DEMO_MENU_IDS.main, "Маргарита"),
  pepperoni: positionIdByName(DEMO_MENU_IDS.main, "Пепперони"),
  pizzaOfDay: positionIdByName(DEMO_MENU_IDS.main, "Пицца дня"),
  familySet: positionIdByName(DEMO_MENU_IDS.main, "Сет «Семейный»"),
  pekingDuck: positionIdByName(DEMO_MENU_IDS.main, "Утка по-пекински"),
  ribeye: positionIdByName(DEMO_MENU_IDS.main, "Стейк рибай"),
  syrniki: positionIdByName(DEMO_MENU_IDS.main, "Сырники"),
  cutlery: positionIdByName(DEMO_MENU_IDS.main, "Приборы"),
  beer: positionIdByName(DEMO_MENU_IDS.bar, "Жигулёвское"),
  croissant: positionIdByName(DEMO_MENU_IDS.bakery, "Круассан"),
  cappuccino: positionIdByName(DEMO_MENU_IDS.coffee, "Капучино"),
  echpochmak: positionIdByName(DEMO_MENU_IDS.kazan, "Эчпочмак"),
  /** modifier item ids of the pizza groups */
  size25: 101,
  size30: 102,
  size35: 103,
  toppingBacon: 202,
  toppingJalapeno: 203,
} as const;
