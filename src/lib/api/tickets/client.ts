/**
 * The ticket calls (spec 2 §7): GET ticket/{id}/walletprecheck, for the wallet buttons
 * (shown only where the provider answers ok). The passes and the calendar are plain links (see
 * `ticketLinks` and `orderCalendarLink` in tickets-schemas.ts). `token` is the order's manage-link
 * token, for visitors without an account.
 */
import type { ApiClient } from "../client.ts";
import { type WalletPrecheckAnswer, type WalletProviderName, walletPrecheckAnswer } from "./schemas.ts";

export function ticketsApi(client: ApiClient, seller: string) {
  return {
    walletPrecheck(ticketId: string, token?: string): Promise<WalletPrecheckAnswer> {
      return client.get(
        `ticket/${encodeURIComponent(ticketId)}/walletprecheck`,
        { _seller: seller, ...(token ? { token } : {}) },
        walletPrecheckAnswer,
      );
    },
  };
}

/** The providers whose wallet button shows: those the precheck answered ok. */
export function walletButtons(answer: WalletPrecheckAnswer): WalletProviderName[] {
  return answer.wallet_precheck.filter((p) => p.ok).map((p) => p.provider);
}

export type TicketsApi = ReturnType<typeof ticketsApi>;
