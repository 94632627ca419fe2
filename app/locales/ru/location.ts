/** Russian texts: location. Strings quoted by the spec are verbatim. */
export default {
  header: "Адрес",
  delivery: "Доставка",
  takeAway: "Самовывоз",
  change: "Изменить адрес",
  chooseLocation: "Укажите адрес",
} as const;
