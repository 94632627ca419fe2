/** Sharing a cart and repeating an order (issue 18 §1–2). */
const reorder = {
  share: "Поделиться корзиной",
  shareTitle: "Поделиться корзиной",
  shareIntro: "По этой ссылке можно открыть такую же корзину. В ней только блюда и их количество — без цен и личных данных.",
  shareLink: "Ссылка на корзину",
  shareButton: "Поделиться",
  copyButton: "Скопировать ссылку",
  copied: "Ссылка скопирована",
  shareEmpty: "Корзина пуста — делиться пока нечем.",
  open: "Открыть ссылку",
  sharedTitle: "Корзина, которой с вами поделились",
  sharedIntro: "Цены — сегодняшние, из меню «{{resto}}».",
  addToCart: "Добавить в корзину",
  total: "Итого: {{amount}}",
  leftOutTitle: "Не добавим:",
  leftOutGone: "«{{name}}» — больше не продаётся",
  leftOutGoneUnnamed: "Позиция, которой больше нет в меню",
  leftOutModifier: "«{{name}}» — выбранных добавок больше нет",
  leftOutUnavailable: "«{{name}}» — сейчас недоступно",
  nothingToAdd: "Из этой корзины сейчас нечего добавить",
  invalid: "Ссылка на корзину повреждена или устарела.",
  otherResto: "Эта корзина собрана в ресторане «{{shared}}», а у вас выбран «{{current}}».",
  otherRestoNone: "Эта корзина собрана в ресторане «{{shared}}».",
  switchResto: "Перейти в «{{shared}}»",
  toMenu: "В меню",
} as const;

export default reorder;
