/** Russian texts: promotions. Strings quoted by the spec are verbatim. */
export default {
  title: "Акции",
  empty: "Сейчас акций нет",
  more: "Подробнее",
  all: "Все акции",
  carousel: "Акции заведения",
  prev: "Предыдущая акция",
  next: "Следующая акция",
  slide: "Акция {{n}} из {{total}}",
  seoDescription: "Акции и скидки «{{resto}}».",
} as const;
