import { describe, expect, it } from "vitest";
import { FORM_BODY_LIMIT_BYTES, readForm, refuseBeforeReading } from "~/features/forms/read-form.server";
import { setLogLevel } from "~server/log";
import { contextOf } from "../context";

setLogLevel("silent");

function post(body: BodyInit | null, contentType?: string, extra: Record<string, string> = {}) {
  const headers = new Headers(extra);
  if (contentType) headers.set("Content-Type", contentType);
  else headers.delete("Content-Type");
  return new Request("http://localhost/cart", { method: "POST", body, headers, ...(body instanceof ReadableStream ? { duplex: "half" } : {}) } as RequestInit);
}

/** what an action hands readForm: the request's context (its request and the customer's locale) */
async function read(request: Request): Promise<FormData> {
  return readForm(await contextOf(request));
}

async function refusal(request: Request): Promise<{ status: number; text: string }> {
  try {
    await read(request);
  } catch (thrown) {
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    return { status: response.status, text: await response.text() };
  }
  throw new Error("readForm accepted the body");
}

describe("readForm (issue 14 §1, ADR 076)", () => {
  it("reads url-encoded and multipart forms as request.formData() would", async () => {
    const encoded = await read(post("intent=add&count=2&modifier=1%3A2%3A1&modifier=3%3A4%3A1", "application/x-www-form-urlencoded;charset=UTF-8"));
    expect(encoded.get("intent")).toBe("add");
    expect(encoded.getAll("modifier")).toEqual(["1:2:1", "3:4:1"]);
    const form = new FormData();
    form.append("intent", "locale");
    form.append("redirectTo", "/menus/501");
    const multipart = await read(new Request("http://localhost/preferences", { method: "POST", body: form }));
    expect(Object.fromEntries(multipart)).toEqual({ intent: "locale", redirectTo: "/menus/501" });
  });

  it.each([
    ["JSON", '{"intent":"clear"}', "application/json", 415],
    ["text", "intent=clear", "text/plain", 415],
    ["no content type", "intent=clear", undefined, 415],
    ["an empty body without a type", null, undefined, 415],
    ["XML", "<intent>clear</intent>", "application/xml", 415],
    ["broken multipart", "garbage", "multipart/form-data; boundary=zzz", 400],
    ["multipart without a boundary", "--x\r\n", "multipart/form-data", 400],
  ])("refuses %s with %i and the localized message, never a TypeError", async (_, body, type, status) => {
    const answer = await refusal(post(body, type));
    expect(answer.status).toBe(status);
    expect(answer.text).toBe("Не удалось отправить форму. Обновите страницу и попробуйте ещё раз.");
  });

  it("answers in the customer's language", async () => {
    const answer = await refusal(post("{}", "application/json", { "Accept-Language": "en-US,en;q=0.9" }));
    expect(answer.text).toBe("The form could not be sent. Reload the page and try again.");
  });

  it("refuses a body past the limit, declared or streamed without a length", async () => {
    const big = `intent=add&x=${"a".repeat(FORM_BODY_LIMIT_BYTES)}`;
    expect((await refusal(post(big, "application/x-www-form-urlencoded"))).status).toBe(413);
    const chunk = new TextEncoder().encode("a".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ > FORM_BODY_LIMIT_BYTES / chunk.byteLength + 2) controller.close();
        else controller.enqueue(chunk);
      },
    });
    expect((await refusal(post(stream, "application/x-www-form-urlencoded"))).status).toBe(413);
  });

  it("decides from the headers alone when it can", () => {
    expect(refuseBeforeReading("Application/X-WWW-Form-Urlencoded; charset=utf-8", "12")).toBeNull();
    expect(refuseBeforeReading("multipart/form-data; boundary=----x", null)).toBeNull();
    expect(refuseBeforeReading("application/x-www-form-urlencoded", String(FORM_BODY_LIMIT_BYTES + 1))).toMatchObject({ status: 413 });
    expect(refuseBeforeReading(null, null)).toMatchObject({ status: 415 });
  });
});
