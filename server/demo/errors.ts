/**
 * The twin's error catalogue: every `errors[{ code, message }]` body it can answer, with its HTTP status.
 * Codes named in spec §8 are used verbatim; the others (SMS, auth, validation) are the twin's own names,
 * exported so that the upstream client and the tests can refer to them.
 */
import { HttpResponse } from "msw";
import type { ErrorBody } from "~/lib/model";

export interface DemoError {
  status: number;
  code: string;
  message: string;
}

/** Spec §8 promo-code errors (preflight and order). */
export const PROMO_ERROR_CODES = [
  "promo-code.not-found",
  "promo-code.not-found-for-resto",
  "promo-code.limit-exceed",
  "promo-code.person-limit-exceed",
  "promo-code.before-start",
  "promo-code.after-finish",
  "promo-code.invalid-delivery-type",
  "promo-code.invalid-delivery-method",
  "promo-code.not-active",
  "promo-code.hour-not-active",
] as const;
export type PromoErrorCode = (typeof PROMO_ERROR_CODES)[number];

/** Spec §8 "Restaurant codes": the payment type is not enabled in the resto's payConfig. */
export const RESTO_PAY_ERROR_CODES = {
  DELIVERY: {
    CARD_ONLINE: "resto.doesnt-support-delivery-online-pay",
    CARD_UPON_RECEIPT: "resto.doesnt-support-delivery-card-pay",
    CASH_UPON_RECEIPT: "resto.doesnt-support-delivery-cash-pay",
  },
  TAKE_AWAY: {
    CARD_ONLINE: "resto.doesnt-support-takeaway-online",
    CARD_UPON_RECEIPT: "resto.doesnt-support-takeaway-card-pay",
    CASH_UPON_RECEIPT: "resto.doesnt-support-takeaway-cash-pay",
  },
} as const;

/** Fixed messages by code (codes whose message depends on data are built where they are raised). */
export const DEMO_ERROR_CODES = {
  // generic
  "validation.failed": { status: 400, message: "Некорректный запрос" },
  "demo.no-handler": { status: 404, message: "Нет такого метода" },
  "demo.scenario-failure": { status: 503, message: "Сервис временно недоступен" },
  "demo.internal-error": { status: 500, message: "Внутренняя ошибка сервера" },
  "city.not-found": { status: 404, message: "Город не найден" },
  "resto.not-found": { status: 404, message: "Заведение не найдено" },
  "menu.not-found": { status: 404, message: "Меню не найдено" },
  "person.not-found": { status: 404, message: "Пользователь не найден" },
  "order.not-found": { status: 404, message: "Заказ не найден" },
  // auth (bearer tokens)
  "auth.unauthorized": { status: 401, message: "Требуется авторизация" },
  "auth.token-invalid": { status: 401, message: "Недействительный токен" },
  "auth.token-expired": { status: 401, message: "Срок действия токена истёк" },
  "auth.forbidden": { status: 403, message: "Нет доступа к данным другого пользователя" },
  // sign-in (spec §8 "SMS", §9 "SMS resend 90 s; attempts then one hour wait")
  "sign.phone-invalid": { status: 400, message: "Укажите корректный номер" },
  "sign.sms.too-frequent": { status: 429, message: "Код можно запрашивать не чаще одного раза в 90 секунд" },
  "sign.sms.code-invalid": { status: 400, message: "Неверный код из СМС" },
  "sign.sms.attempts-exhausted": { status: 429, message: "Попытки ввода кода исчерпаны. Повторите через час" },
  "sign.sms.code-not-found": { status: 404, message: "Код для этого номера не найден. Запросите новый код" },
  "sign.sms.send-failed": { status: 503, message: "Не удалось отправить СМС. Попробуйте позже" },
  "sign.sms.send-failed.phone-unreachable": { status: 422, message: "Не удалось отправить СМС на этот номер" },
  // a brand with a captcha: the token is missing or not one the captcha issued (the twin's stand-in, ADR 095)
  "sign.captcha-invalid": { status: 400, message: "Подтвердите, что вы не робот" },
  "sign.external-token-invalid": { status: 401, message: "Не удалось войти: токен провайдера недействителен" },
  "sign.vk.code-invalid": { status: 401, message: "Не удалось войти через VK ID" },
  // preflight and order (spec §8 "Order popup", "Preflight first error")
  "order.empty": { status: 422, message: "В заказе нет позиций" },
  "order.address-required": { status: 422, message: "Укажите адрес доставки" },
  "order.address-outside-delivery-area": { status: 422, message: "Адрес не входит в зону доставки" },
  "order.positions-cannot-be-delivered": {
    status: 422,
    message: "Некоторые позиции нельзя доставить по этому адресу",
  },
  "order.positions-not-available-for-takeaway": {
    status: 422,
    message: "Некоторые позиции недоступны для самовывоза",
  },
  "order.pay-type-required": { status: 422, message: "Выберите способ оплаты" },
  "resto.not-accepting-orders": { status: 422, message: "Заведение сейчас не принимает заказы" },
  // issue 36 §2: an order as soon as possible on the restaurant's day off; a pre-order time it does not offer
  "resto.day-off": { status: 422, message: "Сегодня у заведения выходной: заказы не принимаются" },
  "order.pre-order-time-invalid": { status: 422, message: "На это время заказ не принимается. Выберите другое время" },
  "person-order.modifier-not-found": { status: 422, message: "Выбранная добавка недоступна" },
  "person-order.modifier-count-invalid": { status: 422, message: "Неверное количество добавок" },
  [RESTO_PAY_ERROR_CODES.DELIVERY.CARD_ONLINE]: {
    status: 422,
    message: "Заведение не принимает онлайн-оплату при доставке",
  },
  [RESTO_PAY_ERROR_CODES.DELIVERY.CARD_UPON_RECEIPT]: {
    status: 422,
    message: "Заведение не принимает оплату картой курьеру",
  },
  [RESTO_PAY_ERROR_CODES.DELIVERY.CASH_UPON_RECEIPT]: {
    status: 422,
    message: "Заведение не принимает оплату наличными курьеру",
  },
  [RESTO_PAY_ERROR_CODES.TAKE_AWAY.CARD_ONLINE]: {
    status: 422,
    message: "Заведение не принимает онлайн-оплату при самовывозе",
  },
  [RESTO_PAY_ERROR_CODES.TAKE_AWAY.CARD_UPON_RECEIPT]: {
    status: 422,
    message: "Заведение не принимает оплату картой при самовывозе",
  },
  [RESTO_PAY_ERROR_CODES.TAKE_AWAY.CASH_UPON_RECEIPT]: {
    status: 422,
    message: "Заведение не принимает оплату наличными при самовывозе",
  },
  // spec §8 promo codes
  "promo-code.not-found": { status: 422, message: "Промокод не найден" },
  "promo-code.not-found-for-resto": { status: 422, message: "Промокод не действует в этом заведении" },
  "promo-code.limit-exceed": { status: 422, message: "Лимит использования промокода исчерпан" },
  "promo-code.person-limit-exceed": { status: 422, message: "Вы уже использовали этот промокод" },
  "promo-code.before-start": { status: 422, message: "Промокод ещё не начал действовать" },
  "promo-code.after-finish": { status: 422, message: "Срок действия промокода истёк" },
  "promo-code.invalid-delivery-type": { status: 422, message: "Промокод действует только при самовывозе" },
  "promo-code.invalid-delivery-method": { status: 422, message: "Промокод действует только при доставке" },
  "promo-code.not-active": { status: 422, message: "Промокод не активен" },
  "promo-code.hour-not-active": { status: 422, message: "Промокод действует с 22:00 до 06:00, попробуйте позже" },
  // codes whose message carries a sum; these are defaults
  "delivery.order-sum-not-enough.range": { status: 422, message: "Сумма заказа меньше минимальной для доставки" },
  "order.sum-exceeds-maximum": {
    status: 422,
    message: "Сумма заказа больше максимальной. Разделите его на несколько заказов",
  },
  "person-order.position-not-found-in-resto": { status: 422, message: "Позиция недоступна в этом заведении" },
} as const satisfies Record<string, { status: number; message: string }>;

export type DemoErrorCode = keyof typeof DEMO_ERROR_CODES;

/** A catalogue error, optionally with a data-specific message. */
export function demoError(code: DemoErrorCode, message?: string): DemoError {
  const entry = DEMO_ERROR_CODES[code];
  return { status: entry.status, code, message: message ?? entry.message };
}

export function errorBody(error: Pick<DemoError, "code" | "message">): ErrorBody {
  return { errors: [{ code: error.code, message: error.message }] };
}

export function errorResponse(error: DemoError): Response {
  return HttpResponse.json(errorBody(error), { status: error.status });
}

/** "1 500 ₽" from minor units (the twin's messages; no ICU dependency). */
export function formatRub(minor: number): string {
  const rub = minor / 100;
  const whole = Math.trunc(rub)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");
  const kopecks = Math.round((rub - Math.trunc(rub)) * 100);
  return `${whole}${kopecks ? `,${String(kopecks).padStart(2, "0")}` : ""}\u00a0₽`;
}
