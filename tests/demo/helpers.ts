/** Shared helpers of the twin's tests: a twin with a settable clock and small JSON call wrappers. */
import type { z } from "zod";
import { createDemoUpstream, DEMO_NOTABLE, findAddress, type DemoStoreOptions } from "../../server/demo";
import type { OrderPayload, PreflightPayload } from "~/lib/model";
import { collectDrops, type DroppedRecord } from "~/lib/record-list";

/** Monday 2025-01-06 09:00 UTC (12:00 in Moscow). */
export const MONDAY_NOON_MSK = Date.UTC(2025, 0, 6, 9, 0, 0);

export function makeTwin(options: DemoStoreOptions = {}) {
  const clock = { now: MONDAY_NOON_MSK };
  const twin = createDemoUpstream(undefined, { now: () => clock.now, ...options });
  const advance = (seconds: number) => {
    clock.now += seconds * 1000;
  };

  async function call(path: string, init: RequestInit & { json?: unknown; token?: string | null } = {}) {
    const headers = new Headers(init.headers);
    if (init.json !== undefined) headers.set("content-type", "application/json");
    if (init.token) headers.set("authorization", `Bearer ${init.token}`);
    const url = path.startsWith("http") ? path : `${twin.baseUrl}${path}`;
    const response = await twin.fetch(url, {
      ...init,
      method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
    const text = await response.text();
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    return { status: response.status, body, text };
  }

  /**
   * GET and parse with a schema (throws with the zod issues when the shape is wrong). The model's lists
   * are tolerant (issue 19), so a record they would leave out throws here too, unless `drops` collects it.
   */
  async function getParsed<T extends z.ZodTypeAny>(path: string, schema: T, drops?: DroppedRecord[]): Promise<z.infer<T>> {
    const { status, body } = await call(path);
    if (status !== 200) throw new Error(`${path}: HTTP ${status} ${JSON.stringify(body)}`);
    const { result, drops: found } = collectDrops(() => schema.parse(body) as z.infer<T>);
    if (drops) drops.push(...found);
    else if (found.length > 0) throw new Error(`${path}: records the model leaves out: ${JSON.stringify(found)}`);
    return result;
  }

  /** Phone sign-in through the handlers: request a code, read it, sign in. */
  async function signInByPhone(phone = "+79001234567") {
    await call("/api/v1/sign/in/phone/code", {
      json: { apiKey: "demo-api-key", captchaToken: "", mode: "WEB", phone, whiteLabel: "demo-pizza" },
    });
    const code = twin.store.peekSmsCode(phone);
    const { body } = await call("/api/v1/sign/in/phone", {
      json: { apiKey: "demo-api-key", captchaToken: "", code, phone },
    });
    const tokens = body as { accessToken: string; refreshToken: string };
    const personId = twin.store.personByPhone(phone)!.id;
    return { ...tokens, personId };
  }

  return { twin, store: twin.store, clock, advance, call, getParsed, signInByPhone };
}

export function location(addressId: string) {
  const a = findAddress(addressId);
  if (!a) throw new Error(`no demo address ${addressId}`);
  return { address: a.street + (a.house ? `, ${a.house}` : ""), location: { ...a.location } };
}

type Line = PreflightPayload["positions"][number];

/** A cart line; the price sent is deliberately wrong (the twin must ignore it). */
export function line(id: number, count = 1, modifiers: Array<{ id: number; modifierId: number; count?: number }> = []): Line {
  return {
    id,
    count,
    name: `позиция ${id}`,
    price: 1,
    sum: count,
    modifiers: modifiers.map((m) => ({ id: m.id, modifierId: m.modifierId, count: m.count ?? 1, price: 0 })),
  };
}

/** A pizza with its required size (25 cm unless told). */
export function pizza(id: number = DEMO_NOTABLE.margherita, count = 1, size: number = DEMO_NOTABLE.size25): Line {
  return line(id, count, [{ id: size, modifierId: 1 }]);
}

export function preflightPayload(overrides: Partial<PreflightPayload> = {}): PreflightPayload {
  return {
    deliveryType: "DELIVERY",
    payType: "CARD_ONLINE",
    promoCode: null,
    restoId: 173,
    ...location("msk-tverskaya-7"),
    positions: [pizza(DEMO_NOTABLE.margherita, 3, DEMO_NOTABLE.size30)],
    ...overrides,
  };
}

export function orderPayload(overrides: Partial<OrderPayload> = {}): OrderPayload {
  return {
    ...preflightPayload(),
    comment: "Позвонить за 10 минут",
    personCount: 2,
    preOrderAt: null,
    person: { name: "Иван", phone: "+79001234567", email: null },
    receiptEmail: null,
    apartment: "12",
    entrance: "1",
    floor: "3",
    intercom: "12",
    ...overrides,
  };
}

export function firstErrorCode(body: unknown): string | undefined {
  return (body as { errors?: Array<{ code: string }> } | undefined)?.errors?.[0]?.code;
}
