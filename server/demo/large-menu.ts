/**
 * The large-menu scenario of the twin (issue 17, ADR 082): a real chain's menu has 300–1,000 positions in
 * dozens of groups, the demo's main menu about 60. With `DEMO_LARGE_MENU=1` the main menu (501) keeps its
 * own groups and positions (so every notable position, time slot and test id still exists) and gains
 * generated groups up to `LARGE_MENU_GROUPS` groups and `LARGE_MENU_POSITIONS` positions. Deterministic: no
 * randomness, names from fixed tables; photos are the demo's shared food photos (every 4th position has
 * none, as in the demo data), so the page fetches no more distinct images than before.
 */
import type { MeasureUnit, Position, PositionGroup } from "~/lib/model";

export const LARGE_MENU_POSITIONS = 1000;
export const LARGE_MENU_GROUPS = 40;

/** the shape of data.ts's DemoMenu that the generator needs (kept structural: data.ts imports this file) */
interface MenuLike {
  ref: { id: number };
  groups: PositionGroup[];
  positions: Position[];
}

const CUISINES: ReadonlyArray<[group: string, dish: string, unit: MeasureUnit, measure: number, photo: string]> = [
  ["Паста", "Паста", "g", 300, "hot"],
  ["Бургеры", "Бургер", "g", 350, "hot"],
  ["Вок", "Вок", "g", 350, "hot"],
  ["Боулы", "Боул", "g", 400, "salad"],
  ["Поке", "Поке", "g", 380, "salad"],
  ["Сэндвичи", "Сэндвич", "g", 250, "breakfast"],
  ["Хачапури", "Хачапури", "g", 450, "bakery"],
  ["Хинкали", "Хинкали", "pc", 5, "hot"],
  ["Пельмени", "Пельмени", "g", 300, "hot"],
  ["Блины", "Блины", "g", 250, "breakfast"],
  ["Каши", "Каша", "g", 300, "breakfast"],
  ["Омлеты", "Омлет", "g", 250, "breakfast"],
  ["Гарниры", "Гарнир", "g", 200, "hot"],
  ["Соусы", "Соус", "g", 40, "hot"],
  ["Закуски", "Закуска", "g", 200, "salad"],
  ["Горячие закуски", "Закуска", "g", 220, "hot"],
  ["Рыба", "Рыба", "g", 280, "hot"],
  ["Морепродукты", "Морепродукты", "g", 250, "hot"],
  ["Гриль", "Гриль", "g", 300, "shashlik"],
  ["Шаурма", "Шаурма", "g", 400, "hot"],
  ["Тако", "Тако", "pc", 2, "hot"],
  ["Роллы запечённые", "Ролл", "pc", 8, "rolls"],
  ["Сеты", "Сет", "pc", 24, "rolls"],
  ["Детское меню", "Детское блюдо", "g", 200, "breakfast"],
  ["Пироги", "Пирог", "g", 500, "bakery"],
  ["Торты", "Торт", "g", 150, "dessert"],
  ["Мороженое", "Мороженое", "g", 120, "dessert"],
  ["Смузи", "Смузи", "ml", 400, "drinks"],
  ["Лимонады", "Лимонад", "ml", 500, "drinks"],
  ["Чай", "Чай", "ml", 400, "coffee"],
  ["Фреши", "Фреш", "ml", 300, "drinks"],
  ["Милкшейки", "Милкшейк", "ml", 400, "drinks"],
];

const FLAVOURS = [
  "Классика", "Острый", "Сливочный", "Сырный", "Грибной", "Томатный", "С курицей", "С говядиной", "С лососем",
  "С креветками", "Овощной", "Фирменный", "Пряный", "Терияки", "Барбекю", "Песто", "Карри", "Медовый",
  "Лесной", "Цитрусовый", "Ягодный", "Ореховый", "Домашний", "Летний", "Зимний", "По-деревенски",
  "С трюфелем", "С беконом", "С индейкой", "Вегетарианский", "Мини", "Большой", "Двойной", "Хрустящий",
];

/** The main menu of `menus` grown to the large menu (the other menus as they are). */
export function withLargeMenu<M extends MenuLike>(menus: readonly M[], mainMenuId: number, photoPath: (slug: string) => string): M[] {
  return menus.map((menu) => (menu.ref.id === mainMenuId ? growMenu(menu, photoPath) : menu));
}

export function growMenu<M extends MenuLike>(menu: M, photoPath: (slug: string) => string): M {
  const menuId = menu.ref.id;
  // positions without a group make one more section ('Прочее'), which counts as a group
  const ungrouped = menu.positions.some((p) => p.positionGroup === null) ? 1 : 0;
  const extraGroups = Math.max(0, LARGE_MENU_GROUPS - menu.groups.length - ungrouped);
  const extraPositions = Math.max(0, LARGE_MENU_POSITIONS - menu.positions.length);
  const groups: PositionGroup[] = [...menu.groups];
  const positions: Position[] = [...menu.positions];
  let nextId = Math.max(...menu.positions.map((p) => p.id)) + 1000;
  const lastOrder = Math.max(0, ...menu.groups.map((g) => g.order));
  for (let g = 0; g < extraGroups; g++) {
    const [groupName, dish, unit, measure, slug] = CUISINES[g % CUISINES.length]!;
    const round = Math.floor(g / CUISINES.length);
    const id = menuId * 100 + menu.groups.length + g + 1;
    groups.push({ id, menuId, name: round ? `${groupName} ${round + 1}` : groupName, order: lastOrder + (g + 1) * 10, photos: [{ url: photoPath(slug) }], isAdult: false });
    // spread the positions evenly: the first groups take the remainder
    const count = Math.floor(extraPositions / extraGroups) + (g < extraPositions % extraGroups ? 1 : 0);
    for (let i = 0; i < count; i++) {
      const flavour = FLAVOURS[(i + g * 7) % FLAVOURS.length]!;
      const variant = Math.floor(i / FLAVOURS.length);
      positions.push({
        id: nextId++,
        menu: { id: menuId },
        positionGroup: { id },
        name: `${dish} «${flavour}»${variant ? ` ${variant + 1}` : ""}`,
        description: `${dish}: ${flavour.toLowerCase()} вариант, рецепт шефа.`,
        price: (190 + ((i * 37 + g * 53) % 700)) * 100,
        photos: i % 4 === 3 ? [] : [{ url: photoPath(slug) }],
        measure: { value: measure, unit },
        cookingTime: 10 + ((i + g) % 4) * 5,
        order: (i + 1) * 10,
        hasModifiers: false,
      });
    }
  }
  return { ...menu, groups, positions };
}

/** Whether the twin runs the large-menu scenario (bench: `DEMO_LARGE_MENU=1`). */
export const largeMenuEnabled = (env: Record<string, string | undefined> = process.env) => env.DEMO_LARGE_MENU === "1";
