import { describe, expect, it } from "vitest";
import { orderSchema } from "~/lib/model";
import { paymentState, safePaymentUrl } from "~/lib/online-payment";

const rules = { allowedOrigins: ["https://pay.example.com"] };
const demo = { allowedOrigins: [], demoOrigin: "http://localhost:3400" };

describe("safePaymentUrl (issue 15 §9, ADR 100): the payment address is hostile input", () => {
  it("accepts an https address on the brand's payment origin, normalised", () => {
    expect(safePaymentUrl("https://pay.example.com/form?order=1&sig=a%2Fb", rules)).toBe("https://pay.example.com/form?order=1&sig=a%2Fb");
    expect(safePaymentUrl("HTTPS://PAY.EXAMPLE.COM/x", rules)).toBe("https://pay.example.com/x");
    expect(safePaymentUrl("https://pay.example.com:443/x", rules)).toBe("https://pay.example.com/x");
  });

  it.each([
    ["javascript:", "javascript:alert(document.cookie)"],
    ["javascript: in capitals", "JaVaScRiPt:alert(1)"],
    ["data:", "data:text/html,<script>alert(1)</script>"],
    ["vbscript:", "vbscript:msgbox(1)"],
    ["a tab hiding javascript:", "java\tscript:alert(1)"],
    ["leading space", " https://pay.example.com/x"],
    ["a newline", "https://pay.example.com/x\nSet-Cookie: a=b"],
    ["a control character", "https://pay.example.com/\u0000x"],
    ["http: on the payment origin's host", "http://pay.example.com/x"],
    ["another https origin", "https://evil.example/x"],
    ["a look-alike host", "https://pay.example.com.evil.example/x"],
    ["another port", "https://pay.example.com:8443/x"],
    ["credentials in the address", "https://user:pass@pay.example.com/x"],
    ["the payment host as user info", "https://pay.example.com@evil.example/x"],
    ["protocol-relative", "//pay.example.com/x"],
    ["relative path", "/checkout/abc"],
    ["backslashes", "https:\\\\evil.example/x"],
    ["ftp:", "ftp://pay.example.com/x"],
    ["empty", ""],
    ["over-long", `https://pay.example.com/${"a".repeat(2100)}`],
  ])("refuses %s", (_name, raw) => {
    expect(safePaymentUrl(raw, rules)).toBeNull();
  });

  it("refuses what is not a string", () => {
    for (const raw of [null, undefined, 42, { href: "https://pay.example.com" }, ["https://pay.example.com/x"]]) {
      expect(safePaymentUrl(raw, rules)).toBeNull();
    }
  });

  it("with no payment origin configured, no external address passes", () => {
    expect(safePaymentUrl("https://pay.example.com/x", { allowedOrigins: [] })).toBeNull();
  });

  it("demo mode: the site's own stand-in page only (http on localhost is fine there)", () => {
    expect(safePaymentUrl("http://localhost:3400/_demo/pay/900001?token=abc", demo)).toBe("http://localhost:3400/_demo/pay/900001?token=abc");
    expect(safePaymentUrl("http://localhost:3400/cart", demo)).toBeNull();
    expect(safePaymentUrl("http://localhost:3401/_demo/pay/1", demo)).toBeNull();
    expect(safePaymentUrl("http://evil.example/_demo/pay/1", demo)).toBeNull();
    expect(safePaymentUrl("https://pay.example.com/x", demo)).toBeNull();
    // without demo mode the site's own page is no payment page
    expect(safePaymentUrl("http://localhost:3400/_demo/pay/1", { allowedOrigins: [] })).toBeNull();
  });
});

describe("paymentState (ADR 099): only the upstream's answer says paid", () => {
  it("maps the statuses and their usual synonyms", () => {
    expect(paymentState("PAID")).toBe("paid");
    expect(paymentState("succeeded")).toBe("paid");
    expect(paymentState("FAILED")).toBe("failed");
    expect(paymentState("Declined")).toBe("failed");
    expect(paymentState("CANCELED")).toBe("failed");
    expect(paymentState("PENDING")).toBe("awaited");
    expect(paymentState("WAITING_FOR_CAPTURE")).toBe("awaited");
    expect(paymentState("")).toBe("awaited");
  });

  it("no status (the call failed, or the answer had none) is unknown, never paid", () => {
    expect(paymentState(null)).toBe("unknown");
    expect(paymentState(undefined)).toBe("unknown");
  });
});

describe("orderSchema: the order answer kept whole (issue 15 §9)", () => {
  it("passes unknown fields through and reads the payment fields", () => {
    const order = orderSchema.parse({ id: 7, number: "A-1", paymentUrl: "https://pay.example.com/p", paymentStatus: "PENDING", payEngine: "sber", items: [1] });
    expect(order).toMatchObject({ id: 7, number: "A-1", status: "NEW", total: null, paymentUrl: "https://pay.example.com/p", paymentStatus: "PENDING" });
    expect(order).toMatchObject({ payEngine: "sber", items: [1] });
  });

  it("a malformed payment field counts as absent: the order exists all the same", () => {
    const order = orderSchema.parse({ id: 7, paymentUrl: { href: "javascript:alert(1)" }, paymentStatus: 12 });
    expect(order.paymentUrl).toBeNull();
    expect(order.paymentStatus).toBeNull();
  });

  it("still refuses an answer without what the app uses", () => {
    expect(orderSchema.safeParse({ number: "A-1" }).success).toBe(false);
    expect(orderSchema.safeParse({ id: 1.5, number: "A-1" }).success).toBe(false);
  });

  it("a total that is not an amount counts as absent (ADR 215): the order exists all the same", () => {
    for (const total of ["lots", 12.5, -1, 2 ** 53, 1e21]) expect(orderSchema.parse({ id: 1, total }).total).toBeNull();
    expect(orderSchema.parse({ id: 1, total: 118000 }).total).toBe(118000);
  });
});
