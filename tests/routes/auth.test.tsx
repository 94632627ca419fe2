// @vitest-environment jsdom
/**
 * The sign-in screen's messages (spec §5, §8; ADR 197): the phone and code fields' validation, the upstream's SMS
 * refusals in the customer's language and where they show, the re-request countdown. The route is
 * app/routes/auth.tsx; its action is a stand-in that parses with the forms' own schemas (`parsePhoneForm`,
 * `parseCodeForm`) and words an upstream refusal with `smsErrorText`, as `authAction` does.
 */
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { redirect, type ActionFunctionArgs } from "react-router";
import AuthRoute, { handle } from "~/routes/auth";
import { z } from "zod";
import { parseCodeForm, parsePhoneForm } from "~/features/auth/forms";
import { parseTranslated } from "~/features/forms/parse-translated";
import { smsErrorText, type AuthActionData, type AuthPageData } from "~/features/auth/sign-in.server";
import { translatorFor } from "~/i18n/locale.server";
import { ApiError } from "~server/upstream/errors";
import type { AppLocale } from "~/i18n/i18n";
import { renderScreen, texts } from "./stub";

afterEach(cleanup);

function page(over: Partial<AuthPageData> = {}): AuthPageData {
  return {
    redirectTo: "/",
    methods: { phone: true, google: true, apple: false, vk: true },
    step: "phone",
    phone: null,
    phoneDisplay: null,
    resendInSeconds: 0,
    demoCode: null,
    demo: true,
    captcha: null,
    googleClientId: null,
    appleClientId: null,
    vkOneTapUrl: null,
    vkPopup: null,
    error: null,
    honeypot: { nameFieldName: "name__confirm", validFromFieldName: "from__confirm", encryptedValidFrom: "sealed" },
    ...over,
  };
}

/** an upstream refusal as the client reads it (server/upstream/errors.ts) */
function refusal(code: string, message = ""): ApiError {
  return new ApiError({ kind: "http", status: 400, message: code, code, errors: [{ code, message }] });
}

interface Options {
  locale?: AppLocale;
  /** the upstream refuses a code request with this */
  sendRefused?: ApiError;
  /** the upstream refuses a code check with this */
  checkRefused?: ApiError;
  start?: Partial<AuthPageData>;
  actionData?: AuthActionData;
}

async function renderAuth(options: Options = {}) {
  const locale = options.locale ?? "ru";
  const t = translatorFor(locale);
  const auth = texts(locale).auth;
  let state = page(options.start);
  const action = async ({ request }: ActionFunctionArgs) => {
    const form = await request.formData();
    switch (form.get("intent")) {
      case "request-code": {
        const parsed = parsePhoneForm(form, t);
        if (parsed.status !== "success") return parsed.reply();
        if (options.sendRefused) return parsed.reply({ formErrors: [smsErrorText(options.sendRefused, auth)] });
        state = page({ step: "code", phone: parsed.value.phone, phoneDisplay: parsed.value.phone, resendInSeconds: 90 });
        return redirect("/auth");
      }
      case "verify": {
        const parsed = parseCodeForm(form, t);
        if (parsed.status !== "success") return parsed.reply();
        if (options.checkRefused) return parsed.reply({ fieldErrors: { code: [smsErrorText(options.checkRefused, auth)] } });
        return redirect("/");
      }
      case "restart":
        state = page();
        return redirect("/auth");
      default:
        return null;
    }
  };
  return renderScreen({
    routeId: "routes/auth",
    path: "auth",
    Component: AuthRoute,
    handle,
    loader: () => state,
    action,
    locale,
    actionData: options.actionData,
    others: [{ path: "", text: "home" }],
  });
}

const ru = texts("ru");

async function phoneForm() {
  const button = await screen.findByRole("button", { name: ru.auth.getCode });
  return within(button.closest("form")!);
}

describe("the phone step (spec §5)", () => {
  it("an empty phone: 'Введите номер телефона'; a short one: 'Укажите корректный номер'", async () => {
    const { user } = await renderAuth();
    const form = await phoneForm();
    await user.click(form.getByRole("button", { name: ru.auth.getCode }));
    expect(await form.findByText(ru.validation.phone.required)).toBeTruthy();
    expect(form.getByLabelText(ru.auth.phoneLabel).getAttribute("aria-invalid")).toBe("true");
    await user.type(form.getByLabelText(ru.auth.phoneLabel), "12");
    await user.click(form.getByRole("button", { name: ru.auth.getCode }));
    expect(await form.findByText(ru.validation.phone.invalid)).toBeTruthy();
    expect(screen.queryByLabelText(ru.auth.codeLabel)).toBeNull();
  });

  it("a valid phone leads to the code step", async () => {
    const { user } = await renderAuth();
    const form = await phoneForm();
    await user.type(form.getByLabelText(ru.auth.phoneLabel), "+79123456789");
    await user.click(form.getByRole("button", { name: ru.auth.getCode }));
    expect(await screen.findByLabelText(ru.auth.codeLabel)).toBeTruthy();
  });

  it.each([
    ["sign.sms.send-failed", "", ru.auth.errors.sendFailed],
    ["sign.sms.send-failed.phone-unreachable", "", ru.auth.errors.phoneUnreachable],
    ["sign.captcha.required", "captcha token missing", ru.auth.errors.captchaRequired],
    ["sign.phone-invalid", "", ru.validation.phone.invalid],
    ["sign.something-new", "Что-то новое", ru.auth.errors.failed],
  ])("the upstream refuses to send a code with %s (its own words: '%s'): the customer reads '%s', and no code step", async (code, message, text) => {
    const { user } = await renderAuth({ sendRefused: refusal(code, message) });
    const form = await phoneForm();
    await user.type(form.getByLabelText(ru.auth.phoneLabel), "+79990000001");
    await user.click(form.getByRole("button", { name: ru.auth.getCode }));
    expect((await form.findByRole("alert")).textContent).toBe(text);
    expect(screen.queryByLabelText(ru.auth.codeLabel)).toBeNull();
  });

  it("the upstream's SMS refusal is in English for an English page", async () => {
    const en = texts("en");
    const { user } = await renderAuth({ locale: "en", sendRefused: refusal("sign.sms.send-failed", "Не удалось отправить СМС") });
    const button = await screen.findByRole("button", { name: en.auth.getCode });
    const form = within(button.closest("form")!);
    await user.type(form.getByLabelText(en.auth.phoneLabel), "+79990000001");
    await user.click(button);
    expect((await form.findByRole("alert")).textContent).toBe(en.auth.errors.sendFailed);
    expect(en.auth.errors.sendFailed).not.toBe(ru.auth.errors.sendFailed);
  });
});

const CODE_STEP = { step: "code", phone: "+79123456789", phoneDisplay: "+7 912 345-67-89", resendInSeconds: 90 } as const;

describe("the code step (spec §5, §8, §9)", () => {
  it("a short code: 'Слишком короткий SMS-код'", async () => {
    const { user } = await renderAuth({ start: CODE_STEP });
    const code = await screen.findByLabelText(ru.auth.codeLabel);
    await user.type(code, "12");
    await user.click(screen.getByRole("button", { name: ru.auth.signInButton }));
    expect(await screen.findByText(ru.validation.smsCode.tooShort)).toBeTruthy();
    expect(code.getAttribute("aria-invalid")).toBe("true");
  });

  it("a wrong code: 'Неверный код из СМС' with the attempts left, beside the code field", async () => {
    const { user } = await renderAuth({ start: CODE_STEP, checkRefused: refusal("sign.sms.code-invalid", "Неверный код, осталось попыток: 2") });
    const code = await screen.findByLabelText(ru.auth.codeLabel);
    await user.type(code, "0000");
    await user.click(screen.getByRole("button", { name: ru.auth.signInButton }));
    expect(await screen.findByText("Неверный код из СМС. Осталось попыток: 2")).toBeTruthy();
    expect(code.getAttribute("aria-invalid")).toBe("true");
  });

  it.each([
    ["sign.sms.attempts-exhausted", ru.auth.errors.attemptsExhausted],
    ["sign.sms.code-not-found", ru.auth.errors.codeNotFound],
    ["sign.sms.code-invalid", ru.auth.errors.codeInvalid],
  ])("%s: '%s'", async (code, text) => {
    const { user } = await renderAuth({ start: CODE_STEP, checkRefused: refusal(code) });
    await user.type(await screen.findByLabelText(ru.auth.codeLabel), "1234");
    await user.click(screen.getByRole("button", { name: ru.auth.signInButton }));
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it("with JavaScript the re-request waits for its countdown: the seconds shown, the button disabled", async () => {
    await renderAuth({ start: CODE_STEP });
    expect((await screen.findByTestId("resend-countdown")).textContent).toBe("Запросить код повторно можно через 90 с");
    expect(screen.getByRole("button", { name: ru.auth.resend })).toHaveProperty("disabled", true);
  });

  it("after the countdown the code may be requested again", async () => {
    await renderAuth({ start: { ...CODE_STEP, resendInSeconds: 0 } });
    expect(await screen.findByRole("button", { name: ru.auth.resend })).toHaveProperty("disabled", false);
    expect(screen.queryByTestId("resend-countdown")).toBeNull();
  });

  it("an early re-request refused by the server says how long to wait, beside the code (the page without JavaScript)", async () => {
    const form = new FormData();
    form.set("intent", "resend");
    const seconds = 61;
    const text = ru.auth.errors.tooFrequent.replace("{{seconds}}", String(seconds));
    // the action's schema for a re-request (sign-in.server.ts): no field of its own, the refusal is the form's
    const resend = z.object({ intent: z.literal("resend"), redirectTo: z.string().optional() });
    const answer = { ...parseTranslated(form, resend, translatorFor("ru")).reply({ formErrors: [text] }), resendInSeconds: seconds };
    await renderAuth({ start: CODE_STEP, actionData: answer });
    expect((await screen.findByRole("alert")).textContent).toBe(`Код можно запрашивать не чаще одного раза в 90 секунд. Повторите через ${seconds} с`);
    expect(screen.getByTestId("resend-countdown").textContent).toBe(`Запросить код повторно можно через ${seconds} с`);
  });

  it("'Войти другим способом' goes back to the methods", async () => {
    const { user } = await renderAuth({ start: CODE_STEP });
    await user.click(await screen.findByRole("button", { name: ru.auth.anotherWay }));
    expect(await screen.findByRole("button", { name: ru.auth.getCode })).toBeTruthy();
    expect(screen.queryByLabelText(ru.auth.codeLabel)).toBeNull();
  });
});

describe("VK ID's answer", () => {
  it("a callback whose state this browser did not start: the refusal above the methods", async () => {
    await renderAuth({ start: { error: ru.auth.errors.vkStateMismatch } });
    expect((await screen.findByRole("alert")).textContent).toContain("ответ не совпадает с запросом");
    expect(screen.getByRole("button", { name: ru.auth.getCode })).toBeTruthy();
  });
});
