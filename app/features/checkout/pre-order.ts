/**
 * Pre-order times: the rules live in `app/lib/order-times.ts` (issue 36 §2, ADR 151); the checkout imports them
 * from here.
 */
export { PRE_ORDER_STEP_MINUTES, preOrderSlots, type PreOrderSlot } from "~/lib/order-times";
