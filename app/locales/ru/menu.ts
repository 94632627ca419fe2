/** Russian texts: menu. Strings quoted by the spec are verbatim. */
export default {
  title: "Меню",
  other: "Прочее",
  groups: "Разделы меню",
  noPhoto: "Нет фото",
  addToCart: "В корзину",
  addToCartNamed: "Добавить «{{name}}» в корзину",
  from: "от {{price}}",
  extendedCooking: "Долгое приготовление",
  empty: "В этом меню пока нет позиций",
  units: { g: "{{value}} г", pc: "{{value}} шт", ml: "{{value}} мл", cm: "{{value}} см" },
} as const;
