/** Saved delivery places in the location popup (issue 39 §1, ADR 180). */
const places = {
  title: "Ваши адреса",
  apartment: "кв. {{value}}",
  entrance: "подъезд {{value}}",
  floor: "этаж {{value}}",
  current: "Выбран сейчас",
  forget: "Забыть адрес «{{address}}»",
  forgetAll: "Забыть все адреса",
  outsideZones: "Сюда сейчас не доставляем: адрес вне зоны доставки",
  noDelivery: "В этом городе сейчас нет доставки",
  signedOut: "Войдите, чтобы пользоваться сохранёнными адресами",
  missing: "Этого адреса больше нет среди сохранённых",
  bad: "Не удалось выполнить запрос. Обновите страницу и попробуйте ещё раз",
};

export default places;
