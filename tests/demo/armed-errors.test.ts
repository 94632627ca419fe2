// ADR 097: a test arms the twin to refuse one person's next order with any code.
import { describe, expect, it } from "vitest";
import { armOrderError, createDemoStore, takeOrderError } from "../../server/demo";

describe("armed order refusals", () => {
  it("refuse the next order of that person only, once, with the catalogue's message unless given", () => {
    const store = createDemoStore();
    expect(armOrderError(store, 7, "order.sum-exceeds-maximum")).toEqual({
      code: "order.sum-exceeds-maximum",
      status: 422,
      message: "Сумма заказа больше максимальной. Разделите его на несколько заказов",
    });
    expect(takeOrderError(store, 8)).toBeNull();
    expect(takeOrderError(store, 7)?.code).toBe("order.sum-exceeds-maximum");
    expect(takeOrderError(store, 7)).toBeNull();
    armOrderError(store, 7, "order.kitchen-busy", "Кухня перегружена");
    expect(takeOrderError(store, 7)).toEqual({ code: "order.kitchen-busy", status: 422, message: "Кухня перегружена" });
  });
});
