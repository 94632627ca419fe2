/**
 * Preflight and order creation (spec §6, §7). Never cached and never retried: an order must not be placed
 * twice, and a preflight must reflect the cart of this moment.
 */
import { z } from "zod";
import type { UpstreamDeps } from "./deps";
import { NOT_FOUND_MESSAGES } from "./errors";
import {
  orderSchema,
  preflightAnswerSchema,
  type Order,
  type OrderPayload,
  type PreflightAnswer,
  type PreflightPayload,
} from "~/lib/model";

/** The signed-in customer: the profile id and the access token from the session. */
export interface PersonAuth {
  personId: number | string;
  accessToken: string;
}

export interface Orders {
  /**
   * spec §6: signed in → POST /1/persons/{personId}/orders/preflight with the bearer token;
   * anonymous → POST /1/persons/orders/preflight.
   */
  preflight(payload: PreflightPayload, person?: PersonAuth | null): Promise<PreflightAnswer>;
  /** POST /api/v1/persons/{personId}/orders with the bearer token; returns the order */
  createOrder(person: PersonAuth, payload: OrderPayload): Promise<Order>;
  /**
   * GET /api/v1/persons/{personId}/orders/{orderId} with the bearer token: the order as it is now, for its
   * payment status (not in the spec's table; the assumed contract is ADR 099). Never cached.
   */
  order(person: PersonAuth, orderId: string): Promise<Order>;
  /**
   * GET /api/v1/persons/{personId}/orders?clientOrderKey={key} with the bearer token: the order placed with this
   * checkout key, or null when there is none (ADR 145; not in the spec's table: the assumed contract, like ADR
   * 099's). Throws when the upstream cannot tell. Never cached.
   */
  findByKey(person: PersonAuth, key: string): Promise<Order | null>;
}

export function createOrders({ http }: Pick<UpstreamDeps, "http">): Orders {
  return {
    preflight(payload, person) {
      if (!person) return http.post("/1/persons/orders/preflight", payload, preflightAnswerSchema);
      return http.post(`/1/persons/${encodeURIComponent(person.personId)}/orders/preflight`, payload, preflightAnswerSchema, {
        token: person.accessToken,
        notFoundMessage: NOT_FOUND_MESSAGES.person,
      });
    },
    createOrder(person, payload) {
      return http.post(`/api/v1/persons/${encodeURIComponent(person.personId)}/orders`, payload, orderSchema, {
        token: person.accessToken,
        notFoundMessage: NOT_FOUND_MESSAGES.person,
      });
    },
    order(person, orderId) {
      return http.get(`/api/v1/persons/${encodeURIComponent(person.personId)}/orders/${encodeURIComponent(orderId)}`, orderSchema, {
        token: person.accessToken,
        // the success screen waits for it: a slow answer shows "unknown" rather than a hanging page
        timeoutMs: 3_000,
      });
    },
    async findByKey(person, key) {
      // z.array, not the catalog's record-by-record listOf: an order left out as unreadable would read as "none",
      // and "none" lets the form be placed again once it settles (ADR 145). An unreadable record is "cannot tell".
      const orders = await http.get(`/api/v1/persons/${encodeURIComponent(person.personId)}/orders`, z.array(orderSchema), {
        token: person.accessToken,
        query: { clientOrderKey: key },
        // asked while the customer waits for a definite answer
        timeoutMs: 5_000,
      });
      return orders[0] ?? null;
    },
  };
}
