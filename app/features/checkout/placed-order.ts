/** An order the upstream accepted, as the storefront keeps it (the success screen, the order history). */
export interface PlacedOrder {
  orderId: string;
  number: string;
  total: number | null;
  currency: string;
  /** spec §3, §7: the zone's delivery time in minutes, for delivery orders */
  deliveryTime?: number | null;
  /** paid by card online (ADR 099): the success screen asks the upstream for the payment's status */
  online?: boolean;
  /** the checked payment address from the order answer (ADR 100); kept server-side only, not in the cookie */
  paymentUrl?: string | null;
}
