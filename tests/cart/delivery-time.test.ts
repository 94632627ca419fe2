import { describe, expect, it } from "vitest";
import { matchThreshold } from "~/lib/thresholds";
import { zoneDeliveryTime } from "~/features/cart/cart-view.server";

const t = (min: number, max: number | null, deliveryTime: number) => ({
  deliveryCost: 0,
  deliveryTime,
  orderPrice: { min, max },
});
const zone = [t(100000, 200000, 40), t(50000, 100000, 35), t(200000, null, 45)];

describe("the zone's delivery time (spec §3, §7; issue 15 §7)", () => {
  it("is the matched threshold's", () => {
    expect(zoneDeliveryTime(matchThreshold(zone, 150000), zone)).toBe(40);
    expect(zoneDeliveryTime(matchThreshold(zone, 250000), zone)).toBe(45);
  });
  it("below the thresholds: the lowest threshold's; outside any zone: none", () => {
    expect(zoneDeliveryTime(matchThreshold(zone, 100), zone)).toBe(35);
    expect(zoneDeliveryTime(matchThreshold([], 100), [])).toBeNull();
  });
});
