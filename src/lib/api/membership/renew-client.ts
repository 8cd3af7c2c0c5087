/**
 * The auto-renew calls (spec 2 §7): read an order's memberships and their auto-renew
 * state, and `DELETE ticket_order/{id}/auto_renew`. Used by the cancel page (SSR, in process) and
 * its island (over HTTP).
 */
import type { ApiClient } from "../client.ts";
import { autoRenewEnvelope } from "./renew-schemas.ts";

const path = (orderId: string) => `ticket_order/${encodeURIComponent(orderId)}/auto_renew`;

export function autoRenewApi(client: ApiClient, seller: string) {
  return {
    read(orderId: string) {
      return client.get(path(orderId), { _seller: seller }, autoRenewEnvelope);
    },
    cancel(orderId: string) {
      return client.send("DELETE", path(orderId), { _seller: seller }, undefined, autoRenewEnvelope);
    },
  };
}

export type AutoRenewApi = ReturnType<typeof autoRenewApi>;
