/** Russian texts: search. Strings quoted by the spec are verbatim. */
export default {
  title: "Поиск",
  placeholder: "Поиск",
  label: "Поиск по меню",
  back: "Назад",
  submit: "Найти",
  hint: "Введите часть названия блюда или напитка",
  nothing: "Ничего не нашлось по запросу «{{q}}»",
  found_one: "Нашлась {{count}} позиция",
  found_few: "Нашлись {{count}} позиции",
  found_many: "Нашлось {{count}} позиций",
  found_other: "Нашлось {{count}} позиции",
  noLocation: "Сначала выберите адрес или точку самовывоза",
} as const;
