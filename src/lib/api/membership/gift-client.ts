/**
 * The redeem page's call: GET membership/redeem/{code}, the gift code and the levels its
 * redeemer may choose. Fresh (/api): a code's state changes when it is redeemed.
 */
import type { ApiClient } from "../client.ts";
import { type RedeemResource, redeemAnswer } from "./gift-schemas.ts";

export function membershipGiftApi(client: ApiClient, seller: string) {
  return {
    async redeemLookup(code: string): Promise<RedeemResource | null> {
      const answer = await client.get(
        `membership/redeem/${encodeURIComponent(code)}`,
        { _seller: seller },
        redeemAnswer,
      );
      return answer.redeem_membership._data[0] ?? null;
    },
  };
}

export type MembershipGiftApi = ReturnType<typeof membershipGiftApi>;
