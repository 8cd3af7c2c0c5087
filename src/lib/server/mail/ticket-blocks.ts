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
import { type StringKey, t } from "../../tenant/strings.ts";
import type { OrderTicketRow } from "../services/checkout/orders.ts";
import type { TicketMailExtras } from "../services/ticket-cards/links.ts";
import { cardInputFromRow } from "../services/ticket-cards/rows.ts";
import type { MailWords } from "./mail-words.ts";
import type { MailAttachment } from "./outbox.ts";

/** The spec's ticket states (spec 2 §4) as the tickets page words them. */
const STATE_KEYS: Record<NonNullable<TicketCard["state"]>, StringKey> = {
  Redeemed: "tickets.state.redeemed",
  Cancelled: "tickets.state.cancelled",
  "Past Event": "tickets.state.past",
};

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
  /** The tenant in the mail's language; absent, the English defaults. */
  words?: MailWords;
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

const when = (card: TicketCard, words: MailWords) =>
  card.date && card.time ? t(words, "mail.order.dateAt", { date: card.date, time: card.time }) : card.date;

const button = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="display:inline-block;margin:8px 8px 0 0;padding:8px 14px;border-radius:6px;background-color:#1d2327;color:#ffffff;font-size:14px;font-weight:bold;text-decoration:none;">${escapeHtml(label)}</a>`;

/** The widths of a ticket block's two columns: its details, and the QR code (160 px and its gap). */
const DETAILS_MIN_PX = 200;
const DETAILS_MAX_PX = 330;
const QR_COLUMN_PX = 176;

/**
 * One ticket's block: its details, with the QR code beside them where the mail is wide enough and
 * below them where it is not (a phone). Mail clients ignore media queries often enough that the
 * columns are inline blocks that wrap by themselves (the "hybrid" mail layout), with even gaps on both
 * sides so a right-to-left mail mirrors them; Outlook on Windows,
 * which knows no inline blocks or max-width, gets the same two columns as a table in conditional
 * comments only it reads.
 */
function ticketBlockHtml(eventName: string, rowsHtml: string, buttons: string, qr: string): string {
  const details =
    `<p style="margin:0 0 8px;font-size:17px;font-weight:bold;">${escapeHtml(eventName)}</p>` +
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0">${rowsHtml}</table>` +
    `${buttons ? `<p style="margin:4px 0 0;">${buttons}</p>` : ""}`;
  const column = (width: string, body: string) =>
    `<div style="display:inline-block;vertical-align:top;${width}padding:0 8px 16px;box-sizing:border-box;font-size:16px;">${body}</div>`;
  const columns = qr
    ? '<!--[if mso]><table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%"><tr>' +
      `<td valign="top" width="${DETAILS_MAX_PX}"><![endif]-->` +
      column(`width:100%;min-width:${DETAILS_MIN_PX}px;max-width:${DETAILS_MAX_PX}px;`, details) +
      `<!--[if mso]></td><td valign="top" width="${QR_COLUMN_PX}"><![endif]-->` +
      column(`width:${QR_COLUMN_PX}px;`, qr) +
      "<!--[if mso]></td></tr></table><![endif]-->"
    : column("width:100%;", details);
  return (
    `<table role="presentation" data-ticket-block width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;border:1px solid #d0d5da;border-radius:8px;border-collapse:separate;">` +
    `<tr><td style="padding:16px 8px 0;vertical-align:top;font-size:0;">${columns}</td></tr></table>`
  );
}

export async function ticketBlocks(
  cards: readonly TicketCard[],
  extras: TicketMailExtras | null,
  deps: TicketBlockDeps,
): Promise<TicketBlockParts> {
  const plan = mailQrPlan(cards);
  const attachments: MailAttachment[] = [];
  const text: string[] = [];
  const html: string[] = [];
  const { words } = deps;
  const appleText = t(words, "tickets.appleWallet");
  const googleText = t(words, "tickets.googleWallet");
  for (const [index, card] of cards.entries()) {
    const seat = deps.seatText(card);
    const row = (key: StringKey, value: string | null | undefined): Array<[string, string]> =>
      value ? [[t(words, key), value]] : [];
    const details: Array<[string, string]> = [
      ...row("tickets.date", card.date ? when(card, words) : null),
      [t(words, "tickets.type"), card.typeName],
      ...row("tickets.seat", seat),
      ...row("tickets.admit", card.admitName),
      ...row("mail.order.ticketState", card.state ? t(words, STATE_KEYS[card.state]) : null),
      ...row("tickets.code", card.scanCode && card.showQr ? card.scanCode : null),
    ];
    const wallet = extras && card.showQr ? extras.wallet(card) : { apple: null, google: null };
    text.push(`- ${card.eventName}`);
    for (const [label, value] of details) text.push(`  ${label}: ${value}`);
    if (wallet.apple) text.push(`  ${appleText}: ${wallet.apple}`);
    if (wallet.google) text.push(`  ${googleText}: ${wallet.google}`);

    let qr = "";
    if (card.scanCode && plan.inline.has(card.ticketId)) {
      const cid = `ticket-${index + 1}@foyer`;
      attachments.push({
        cid,
        filename: `ticket-${index + 1}.png`,
        contentType: "image/png",
        content: await deps.qrPng(card.scanCode),
      });
      qr = `<img src="cid:${cid}" width="160" height="160" alt="${escapeHtml(t(words, "tickets.qrAlt", { code: card.scanCode }))}" style="display:block;width:160px;height:160px;border:0;">`;
    } else if (card.showQr) {
      qr = `<p style="margin:0;font-size:13px;color:#4a5560;">${escapeHtml(t(words, "mail.order.qrOnPage"))}</p>`;
    }
    const rowsHtml = details
      .map(
        ([label, value]) =>
          // Even padding on both sides: the gap between label and value holds in a right-to-left mail too.
          `<tr><td style="padding:2px 6px;color:#4a5560;font-size:14px;white-space:nowrap;vertical-align:top;">${escapeHtml(label)}</td>` +
          `<td style="padding:2px 6px;font-size:14px;overflow-wrap:anywhere;">${escapeHtml(value)}</td></tr>`,
      )
      .join("");
    const buttons = [
      wallet.apple ? button(wallet.apple, appleText) : "",
      wallet.google ? button(wallet.google, googleText) : "",
    ].join("");
    html.push(ticketBlockHtml(card.eventName, rowsHtml, buttons, qr));
  }
  return { text, html: html.join(""), attachments, more: plan.more };
}
