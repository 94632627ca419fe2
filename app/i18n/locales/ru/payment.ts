/** Paying online (issue 15 §9): the success screen's payment block and the demo's stand-in payment page. */
const payment = {
  awaitedTitle: "Ожидаем оплату",
  awaitedText: "Оплата картой по заказу ещё не поступила. Если вы не завершили оплату, вернитесь к ней.",
  paidTitle: "Заказ оплачен",
  paidText: "Оплата картой прошла успешно. Чек придёт на указанный e-mail.",
  failedTitle: "Оплата не прошла",
  failedText: "Банк не подтвердил платёж. Заказ сохранён: попробуйте оплатить ещё раз, можно другой картой. Если не получается, позвоните в ресторан.",
  unknownTitle: "Статус оплаты пока неизвестен",
  unknownText: "Не удалось узнать, прошла ли оплата. Обновите страницу через минуту.",
  pay: "Оплатить заказ",
  payAgain: "Оплатить ещё раз",
  refresh: "Проверить оплату",
  standInTitle: "Оплата заказа № {{number}}",
  standInIntro: "Это демонстрационная страница платёжного сервиса: деньги не списываются.",
  standInAmount: "К оплате: {{amount}}",
  standInPay: "Оплатить",
  standInFail: "Отказ банка",
  standInBack: "Вернуться в магазин без оплаты",
  standInDone: "Этот заказ уже оплачен.",
} as const;

export default payment;
