import { describe, expect, it } from "vitest";
import { errorPlacement } from "~/features/auth/error-placement";

describe("errorPlacement (issue 14 §11): an action's error is always somewhere on the page", () => {
  it.each([
    // the no-JS case of the issue: a second code request within 90 s, answered on the phone step
    ["phone", { intent: "request-code", error: "Слишком часто", field: "code" }, "general"],
    ["phone", { intent: "request-code", error: "Неверный номер", field: "phone" }, "phone"],
    // a refused code request (the captcha, a rate limit) is the phone form's own message
    ["phone", { intent: "request-code", error: "Подождите 40 с" }, "phone"],
    ["phone", { intent: "resend", error: "Подождите 40 с" }, "general"],
    ["phone", { intent: "verify", error: "Неверный код", field: "code" }, "general"],
    ["code", { intent: "verify", error: "Неверный код", field: "code" }, "code"],
    ["code", { intent: "resend", error: "Подождите 40 с" }, "code"],
    ["code", { intent: "request-code", error: "Слишком часто", field: "code" }, "code"],
    ["code", { intent: "request-code", error: "Неверный номер", field: "phone" }, "general"],
    ["code", { intent: "restart", error: "Не удалось" }, "general"],
  ] as const)("on the %s step, %j shows %s", (step, action, where) => {
    expect(errorPlacement(step, action)).toBe(where);
  });

  it("shows nothing without an error", () => {
    expect(errorPlacement("phone", undefined)).toBeNull();
    expect(errorPlacement("code", { intent: "vk-start", error: "" })).toBeNull();
  });
});
