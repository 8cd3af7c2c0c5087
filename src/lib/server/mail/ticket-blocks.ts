/**
 * The ticket blocks of the confirmation mail, built from the same ticket cards as the
 * tickets page (domain/tickets/ticket-cards.ts):
 * - one block per ticket that admits somebody: event, date and time in the venue's zone, ticket
 *   type, seat, admit name, state, the ticket code and its QR code as an inline PNG (cid), and
 *   the wallet links walletprecheck would allow;
 * - at most MAIL_QR_LIMIT inline QR images: beyond them the block says the QR code is on the
 *   tickets page, so a mail for 200 tickets stays small;
 * - a cancelled ticket has no QR code;
 * - rows without a card (gift cards, donations) stay one receipt line, with a gift card's recipient.
 * Mail clients drop <style>, so the HTML is tables with inline styles; all text is escaped.
 */

import { escapeHtml } from "../../domain/html-escape.ts";
import { mailQrPlan, type TicketCard, ticketCards } from "../../domain/tickets/ticket-cards.ts";
import type { OrderTicketRow } from "../services/checkout/orders.ts";
import type { TicketMailExtras } from "../services/ticket-cards/links.ts";
import { cardInputFromRow } from "../services/ticket-cards/rows.ts";
import type { MailAttachment } from "./outbox.ts";

export const APPLE_WALLET_TEXT = "Add to Apple Wallet";
export const GOOGLE_WALLET_TEXT = "Save to Google Wallet";
export const TICKETS_PAGE_TEXT = "View and print your tickets";
export const CALENDAR_TEXT = "The calendar file attached adds your visit to your calendar.";

export interface TicketBlockParts {
  /** Plain-text lines, one ticket after another. */
  text: string[];
  /** The HTML of the blocks (a table per ticket). */
  html: string;
  /** The inline QR images. */
  attachments: MailAttachment[];
  /** Tickets whose QR code is only on the tickets page (over the cap). */
  more: number;
}

export interface TicketBlockDeps {
  qrPng: (content: string) => Promise<Buffer>;
  locale: string;
  seatText: (card: TicketCard) => string | null;
}

/** The cards of the rows that admit somebody (the rest stay receipt lines). */
export function mailTicketCards(
  order: { id: string; orderNumber: string; state: string },
  rows: readonly OrderTicketRow[],
  now: Date,
  locale: string,
): TicketCard[] {
  return ticketCards(
    rows.map((row) => cardInputFromRow(order, row)),
    now,
    locale,
  );
}

const when = (card: TicketCard) => [card.date, card.time].filter(Boolean).join(" at ");

const button = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="display:inline-block;margin:8px 8px 0 0;padding:8px 14px;border-radius:6px;background-color:#1d2327;color:#ffffff;font-size:14px;font-weight:bold;text-decoration:none;">${escapeHtml(label)}</a>`;

export async function ticketBlocks(
  cards: readonly TicketCard[],
  extras: TicketMailExtras | null,
  deps: TicketBlockDeps,
): Promise<TicketBlockParts> {
  const plan = mailQrPlan(cards);
  const attachments: MailAttachment[] = [];
  const text: string[] = [];
  const html: string[] = [];
  for (const [index, card] of cards.entries()) {
    const seat = deps.seatText(card);
    const details: Array<[string, string]> = [
      ...(card.date ? ([["Date", when(card)]] as Array<[string, string]>) : []),
      ["Ticket", card.typeName],
      ...(seat ? ([["Seat", seat]] as Array<[string, string]>) : []),
      ...(card.admitName ? ([["Admit", card.admitName]] as Array<[string, string]>) : []),
      ...(card.state ? ([["State", card.state]] as Array<[string, string]>) : []),
      ...(card.scanCode && card.showQr ? ([["Ticket code", card.scanCode]] as Array<[string, string]>) : []),
    ];
    const wallet = extras && card.showQr ? extras.wallet(card) : { apple: null, google: null };
    text.push(`- ${card.eventName}`);
    for (const [label, value] of details) text.push(`  ${label}: ${value}`);
    if (wallet.apple) text.push(`  ${APPLE_WALLET_TEXT}: ${wallet.apple}`);
    if (wallet.google) text.push(`  ${GOOGLE_WALLET_TEXT}: ${wallet.google}`);

    let qr = "";
    if (card.scanCode && plan.inline.has(card.ticketId)) {
      const cid = `ticket-${index + 1}@foyer`;
      attachments.push({
        cid,
        filename: `ticket-${index + 1}.png`,
        contentType: "image/png",
        content: await deps.qrPng(card.scanCode),
      });
      qr = `<img src="cid:${cid}" width="160" height="160" alt="QR code of ticket ${escapeHtml(card.scanCode)}" style="display:block;width:160px;height:160px;border:0;">`;
    } else if (card.showQr) {
      qr = `<p style="margin:0;font-size:13px;color:#4a5560;">The QR code of this ticket is on your tickets page.</p>`;
    }
    const rowsHtml = details
      .map(
        ([label, value]) =>
          `<tr><td style="padding:2px 12px 2px 0;color:#4a5560;font-size:14px;white-space:nowrap;vertical-align:top;">${escapeHtml(label)}</td>` +
          `<td style="padding:2px 0;font-size:14px;">${escapeHtml(value)}</td></tr>`,
      )
      .join("");
    const buttons = [
      wallet.apple ? button(wallet.apple, APPLE_WALLET_TEXT) : "",
      wallet.google ? button(wallet.google, GOOGLE_WALLET_TEXT) : "",
    ].join("");
    html.push(
      `<table role="presentation" data-ticket-block width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;border:1px solid #d0d5da;border-radius:8px;border-collapse:separate;">` +
        `<tr><td style="padding:16px;vertical-align:top;">` +
        `<p style="margin:0 0 8px;font-size:17px;font-weight:bold;">${escapeHtml(card.eventName)}</p>` +
        `<table role="presentation" cellpadding="0" cellspacing="0" border="0">${rowsHtml}</table>` +
        `${buttons ? `<p style="margin:4px 0 0;">${buttons}</p>` : ""}` +
        `</td>${qr ? `<td width="176" style="padding:16px 16px 16px 0;vertical-align:top;width:176px;">${qr}</td>` : ""}</tr></table>`,
    );
  }
  return { text, html: html.join(""), attachments, more: plan.more };
}
