import type { DeliveryMethod } from "~/lib/model";
import type { EtaSource } from "~/lib/eta";

/**
 * When the order should arrive or be ready (issue 39 §3, ADR 190), as it was known when the order was placed: the
 * success screen and the order history read it in the restaurant's time zone.
 */
export interface OrderEta {
  method: DeliveryMethod;
  /** when the order was placed, epoch ms */
  orderedAt: number;
  /** the restaurant's time zone ("+03:00" or an IANA name) */
  timezone: string;
  /** the expected time, epoch ms; null when nothing said (a better time from the upstream may still come) */
  at: number | null;
  source: EtaSource | null;
}

/** An order the upstream accepted, as the storefront keeps it (the success screen, the order history). */
export interface PlacedOrder {
  orderId: string;
  number: string;
  total: number | null;
  currency: string;
  /** spec §3, §7: the zone's delivery time in minutes, for delivery orders */
  deliveryTime?: number | null;
  /** when it arrives (ADR 190); missing for orders kept before it */
  eta?: OrderEta | null;
  /** paid by card online (ADR 099): the success screen asks the upstream for the payment's status */
  online?: boolean;
  /** the checked payment address from the order answer (ADR 100); kept server-side only, not in the cookie */
  paymentUrl?: string | null;
}
