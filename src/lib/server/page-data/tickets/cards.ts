/**
 * The tickets of the completion page and the tickets page, server side: the ticket
 * cards of the orders the page read (domain/tickets/ticket-cards.ts), each with its QR code (inline
 * SVG, never for a cancelled ticket), and the wallet buttons only where GET ticket/{id}/walletprecheck
 * answers ok for that provider; per order, the 'Add to calendar' link when it has a session.
 *
 * The wallet and calendar routes accept the order's logged-in owner or the order's manage-link
 * token (services/tickets/access.ts). The page has just read the order under the order rule (a
 * guest order by the holder of its id, a member's order by that member), so it hands the links a
 * token for that order.
 */

import { ApiClientError } from "../../../api/errors.ts";
import { ticketLinks, walletPrecheckAnswer } from "../../../api/tickets/schemas.ts";
import type { PageTicketCard, PageTicketOrder } from "../../../domain/tickets/page-cards.ts";
import {
  cardInputsFromRead,
  type TicketCard,
  type TicketOrderRead,
  ticketCards,
} from "../../../domain/tickets/ticket-cards.ts";
import type { Tenant } from "../../../tenant/schema.ts";
import { t } from "../../../tenant/strings.ts";
import { getRuntime } from "../../runtime.ts";
import { issueManageToken } from "../../services/manage/token.ts";
import { calendarPath, ticketsPageRoute, type WalletButtons } from "../../services/ticket-cards/links.ts";
import { qrSvg } from "../../services/ticket-cards/qr.ts";
import { ssrNow, visitorClient } from "../client.ts";

export type { PageTicketCard, PageTicketOrder };
/** The tickets page's route, for the completion page's link to it. */
export { ticketsPageRoute };

export interface TicketPageOptions {
  request: Request;
  seller: string;
  locale: string;
  timeZone: string;
  now: Date;
  /** The accessible name of a ticket's QR code. */
  qrLabel: (card: TicketCard) => string;
}

function visitorApiOf(request: Request) {
  return visitorClient({ cookie: request.headers.get("cookie") });
}

/** walletprecheck's answer as buttons; a refused or failed precheck shows none. */
async function walletButtons(
  api: ReturnType<typeof visitorApiOf>,
  seller: string,
  card: TicketCard,
  token: string,
): Promise<WalletButtons> {
  const none = { apple: null, google: null };
  if (!card.walletEligible || !card.showQr) return none;
  try {
    const answer = await api.get(
      `ticket/${encodeURIComponent(card.ticketId)}/walletprecheck`,
      { _seller: seller, token },
      walletPrecheckAnswer,
    );
    const ok = (provider: "apple" | "google") =>
      answer.wallet_precheck.some((entry) => entry.provider === provider && entry.ok);
    const links = ticketLinks(card.ticketId, token);
    return { apple: ok("apple") ? links.pkpass : null, google: ok("google") ? links.gwpass : null };
  } catch (error) {
    if (error instanceof ApiClientError) return none;
    throw error;
  }
}

export async function ticketPageOrders(
  read: TicketOrderRead,
  options: TicketPageOptions,
): Promise<PageTicketOrder[]> {
  const inputs = cardInputsFromRead(read, options.timeZone);
  const cards = ticketCards(inputs, options.now, options.locale);
  const { handle } = await getRuntime();
  const api = visitorApiOf(options.request);
  const orders = read.ticket_order._data;
  const tokens = new Map<string, string>();
  for (const order of orders)
    tokens.set(order.id, await issueManageToken(handle.db, order.id, options.now, "tickets"));
  const pageCards = await Promise.all(
    cards.map(async (card): Promise<PageTicketCard> => {
      const token = tokens.get(card.orderId) ?? "";
      return {
        ...card,
        qr: card.showQr && card.scanCode ? await qrSvg(card.scanCode, options.qrLabel(card)) : null,
        wallet: await walletButtons(api, options.seller, card, token),
      };
    }),
  );
  return orders.map((order) => {
    const hasSession = inputs.some(
      (input) =>
        input.orderId === order.id &&
        input.sessionId !== null &&
        input.state !== "cancelled" &&
        input.state !== "unbooked",
    );
    return {
      id: order.id,
      orderNumber: order.order_number,
      calendarUrl: hasSession ? calendarPath(order.id, tokens.get(order.id) ?? "") : null,
      cards: pageCards.filter((card) => card.orderId === order.id),
    };
  });
}

/** The tickets of a page for a tenant: its locale and zone, the runtime's now, the QR codes named in its words. */
export async function tenantTicketOrders(
  read: TicketOrderRead,
  request: Request,
  tenant: Pick<Tenant, "slug" | "locale" | "timezone" | "strings">,
): Promise<PageTicketOrder[]> {
  return ticketPageOrders(read, {
    request,
    seller: tenant.slug,
    locale: tenant.locale,
    timeZone: tenant.timezone,
    now: await ssrNow(),
    qrLabel: (card) => t(tenant, "tickets.qrAlt", { code: card.scanCode ?? "" }),
  });
}
