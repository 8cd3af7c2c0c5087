/**
 * The order confirmation mail (issue 4): subject with the order number, a text and an HTML part
 * listing the tickets (event, type, date as 'ddd, MMMM D YYYY' and the time in the tenant's locale, in
 * the venue's time zone)
 * and one QR code per ticket as an inline cid image (its scan code). Tenant and customer text is
 * escaped in the HTML part.
 */
import QRCode from "qrcode";
import { formatTime } from "../../domain/date-format.ts";
import { type GiftRecipient, giftRecipientOf } from "../../domain/gift-recipient.ts";
import { formatOrderDate } from "../../domain/order-dates.ts";
import { seatedTicketLabel } from "../../domain/seat-label.ts";
import type { OrderTicketRow } from "../services/checkout/orders.ts";
import { brandedMailHtml, mailBrand } from "./brand-layout.ts";
import type { MailAttachment, OutgoingMail } from "./outbox.ts";

export interface ConfirmationInput {
  sellerId: string;
  sellerName: string;
  orderId: string;
  orderNumber: string;
  totalText: string;
  /**
   * Issue 11: the total's fee lines (Subtotal, Fees, discount, Total), already labelled and
   * formatted; empty or absent when the total has no fees, and then the mail shows 'Total: …'.
   */
  totalLines?: ReadonlyArray<{ label: string; amount: string }>;
  to: string;
  firstName: string | null;
  tickets: readonly OrderTicketRow[];
  /** The tenant's locale, for the session times (the order date's format is fixed by spec 2 §2). */
  locale?: string;
  /**
   * The order's cart's additional info (survey answers keyed by ticket group id): issue 11, a gift
   * card's recipient is named in its ticket line, as on the completion page.
   */
  additionalInfo?: unknown;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/**
 * "Sun, November 22 2026 at 3:00 PM" (en-GB "... at 15:00") in the venue's zone; null for tickets
 * without a date.
 */
export function ticketWhen(
  row: {
    session: { startDatetime: Date } | null;
    venue: { timezone: string };
    ticket: { validFrom: Date | null };
  },
  locale = "en-US",
): string | null {
  const start = row.session?.startDatetime ?? row.ticket.validFrom;
  if (!start) return null;
  const date = formatOrderDate(new Date(start).toISOString(), row.venue.timezone);
  return row.session ? `${date} at ${formatTime(new Date(start), locale, row.venue.timezone)}` : date;
}

/** Issue 11: a seated ticket's 'Section Stalls, Row B, Seat 12 (Jane Smith)'; null without a seat. */
export function ticketSeatText(row: Pick<OrderTicketRow, "seat" | "group" | "ticket">): string | null {
  return row.seat
    ? seatedTicketLabel({ name: row.seat.name, section: row.group.name, holder: row.ticket.admitName })
    : null;
}

/** Issue 11: a gift card ticket's recipient (its ledger group's answers); null for other tickets. */
export function ticketGiftRecipient(
  row: Pick<OrderTicketRow, "group" | "ticket">,
  additionalInfo: unknown,
): GiftRecipient | null {
  return row.group.handler === "ledger" ? giftRecipientOf(additionalInfo, row.ticket.ticketGroupId) : null;
}

/** 'For Grace Hopper (grace@example.test)', the completion page's words ("cart.giftRecipient"). */
export function giftRecipientText(recipient: GiftRecipient): string {
  return `For ${recipient.name}${recipient.email ? ` (${recipient.email})` : ""}`;
}

/** A QR code PNG of `content`. */
export function qrPng(content: string, margin = 4): Promise<Buffer> {
  return QRCode.toBuffer(content, { type: "png", margin, width: 256, errorCorrectionLevel: "M" });
}

export async function buildOrderConfirmation(input: ConfirmationInput): Promise<OutgoingMail> {
  const attachments: MailAttachment[] = [];
  const textLines: string[] = [];
  const htmlItems: string[] = [];
  for (const [index, row] of input.tickets.entries()) {
    const when = ticketWhen(row, input.locale);
    const seat = ticketSeatText(row);
    const label = `${row.event.name} - ${row.type.name}${seat ? ` - ${seat}` : ""}${when ? ` - ${when}` : ""}`;
    textLines.push(`- ${label}${row.scanCode ? ` (ticket code ${row.scanCode})` : ""}`);
    const recipient = ticketGiftRecipient(row, input.additionalInfo);
    if (recipient) textLines.push(`  ${giftRecipientText(recipient)}`);
    if (recipient?.message) textLines.push(`  Message: ${recipient.message}`);
    let image = "";
    if (row.scanCode) {
      const cid = `ticket-${index + 1}@foyer`;
      attachments.push({
        cid,
        filename: `ticket-${index + 1}.png`,
        contentType: "image/png",
        content: await qrPng(row.scanCode),
      });
      image = `<br><img src="cid:${cid}" width="160" height="160" alt="QR code of ticket ${index + 1}">`;
    }
    htmlItems.push(
      `<li><strong>${escapeHtml(row.event.name)}</strong> - ${escapeHtml(row.type.name)}` +
        `${seat ? `<br>${escapeHtml(seat)}` : ""}${when ? `<br>${escapeHtml(when)}` : ""}` +
        `${recipient ? `<br>${escapeHtml(giftRecipientText(recipient))}` : ""}` +
        `${recipient?.message ? `<br>Message: ${escapeHtml(recipient.message)}` : ""}${image}</li>`,
    );
  }
  const greeting = input.firstName ? `Hi ${input.firstName},` : "Hello,";
  const subject = `Your order ${input.orderNumber} with ${input.sellerName}`;
  const text = [
    greeting,
    "",
    `Thank you for your order. Your order number is ${input.orderNumber}.`,
    "",
    "Your tickets:",
    ...textLines,
    "",
    ...(input.totalLines?.length
      ? input.totalLines.map((line) => `${line.label}: ${line.amount}`)
      : [`Total: ${input.totalText}`]),
    "",
    "Show the QR codes of your tickets at the entrance.",
    "",
    input.sellerName,
  ].join("\n");
  const content = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>Thank you for your order. Your order number is <strong>${escapeHtml(input.orderNumber)}</strong>.</p>`,
    `<h2>Your tickets</h2><ul>${htmlItems.join("")}</ul>`,
    input.totalLines?.length
      ? `<p>${input.totalLines.map((line) => `${escapeHtml(line.label)}: ${escapeHtml(line.amount)}`).join("<br>")}</p>`
      : `<p>Total: ${escapeHtml(input.totalText)}</p>`,
    "<p>Show the QR codes of your tickets at the entrance.</p>",
    `<p>${escapeHtml(input.sellerName)}</p>`,
  ].join("");
  // The brand header and frame (brand-layout.ts) around the mail's own content.
  const html = brandedMailHtml(mailBrand(input.sellerId, input.sellerName), content, subject);
  return {
    sellerId: input.sellerId,
    to: input.to,
    subject,
    text,
    html,
    kind: "order_confirmation",
    relatedId: input.orderId,
    attachments,
  };
}
