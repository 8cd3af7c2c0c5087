/**
 * Tickets in hand (spec 2 §3 "Wallet precheck: provider (apple, google) with ok flag",
 * §7 GET ticket/{id}/walletprecheck and the image links /api/ticket/{id}/pkpass and
 * /api/ticket/{id}/gwpass): the contract of the ticket routes. Every ticket route takes the
 * optional `token` (the order's manage-link token, for visitors without an account) and `_seller`.
 */
import { z } from "zod";
import { manageToken } from "../manage/schemas.ts";

export const walletProvider = z.enum(["apple", "google"]);
export type WalletProviderName = z.infer<typeof walletProvider>;

/** ok: the provider is configured (or demo keys exist) and this ticket can have a pass. */
export const walletPrecheckEntry = z.object({ provider: walletProvider, ok: z.boolean() });

export const walletPrecheckAnswer = z.object({
  wallet_precheck: z.array(walletPrecheckEntry),
});
export type WalletPrecheckAnswer = z.infer<typeof walletPrecheckAnswer>;

export const ticketIdParam = z.object({ id: z.string().min(1).max(200) });

export const ticketAccessQuery = z.object({
  _seller: z.string().max(200).optional(),
  token: manageToken.optional(),
});

/** The wallet and calendar links of a ticket or order, for pages and mails (token appended when given). */
export function ticketLinks(ticketId: string, token?: string) {
  const q = token ? `?token=${encodeURIComponent(token)}` : "";
  const base = `/api/ticket/${encodeURIComponent(ticketId)}`;
  return {
    pkpass: `${base}/pkpass${q}`,
    gwpass: `${base}/gwpass${q}`,
    precheck: `${base}/walletprecheck${q}`,
  };
}

export function orderCalendarLink(orderId: string, token?: string): string {
  const q = token ? `?token=${encodeURIComponent(token)}` : "";
  return `/api/ticket_order/${encodeURIComponent(orderId)}/calendar.ics${q}`;
}
