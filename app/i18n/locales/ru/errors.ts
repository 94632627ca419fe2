/** Russian texts: errors. Strings quoted by the spec are verbatim. */
export default {
  requestFailed: "Не удалось выполнить запрос",
  /** a public form refused by the honeypot (issue 8): a person only sees it with a stale or tampered page */
  formRejected: "Не удалось отправить форму. Обновите страницу и попробуйте ещё раз.",
  honeypotLabel: "Оставьте это поле пустым",
  unknown: "Неизвестная ошибка",
  notFoundTitle: "Страница не найдена",
  errorTitle: "Что-то пошло не так",
  retry: "Попробовать ещё раз",
  toHome: "На главную",
  cookieTooLarge: "Не удалось сохранить: слишком много данных. Уберите часть позиций из корзины и попробуйте снова",
  noRestos: "Нет привязанных заведений",
  noMenus: "В заведениях выбранного города нет меню",
  noZones: "Нет зон доставки",
} as const;
