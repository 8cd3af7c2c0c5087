/**
 * The order confirmation mail (issue 4): subject with the order number, a text and an HTML part
 * listing the tickets (event, type, date as 'ddd, MMMM D YYYY' and time in the venue's time zone)
 * and one QR code per ticket as an inline cid image (its scan code). Tenant and customer text is
 * escaped in the HTML part.
 */
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";
import QRCode from "qrcode";
import type { OrderTicketRow } from "../services/checkout/orders.ts";
import type { MailAttachment, OutgoingMail } from "./outbox.ts";

dayjs.extend(utc);
dayjs.extend(timezone);

export const ORDER_DATE_FORMAT = "ddd, MMMM D YYYY";
export const ORDER_TIME_FORMAT = "h:mm A";

export interface ConfirmationInput {
  sellerId: string;
  sellerName: string;
  orderId: string;
  orderNumber: string;
  totalText: string;
  to: string;
  firstName: string | null;
  tickets: readonly OrderTicketRow[];
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** "Sun, November 22 2026 at 3:00 PM" in the venue's zone; null for tickets without a date. */
export function ticketWhen(row: Pick<OrderTicketRow, "session" | "venue" | "ticket">): string | null {
  const start = row.session?.startDatetime ?? row.ticket.validFrom;
  if (!start) return null;
  const local = dayjs(start).tz(row.venue.timezone);
  return row.session
    ? `${local.format(ORDER_DATE_FORMAT)} at ${local.format(ORDER_TIME_FORMAT)}`
    : local.format(ORDER_DATE_FORMAT);
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
    const when = ticketWhen(row);
    const label = `${row.event.name} - ${row.type.name}${when ? ` - ${when}` : ""}`;
    textLines.push(`- ${label}${row.scanCode ? ` (ticket code ${row.scanCode})` : ""}`);
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
        `${when ? `<br>${escapeHtml(when)}` : ""}${image}</li>`,
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
    `Total: ${input.totalText}`,
    "",
    "Show the QR codes of your tickets at the entrance.",
    "",
    input.sellerName,
  ].join("\n");
  const html = [
    "<!doctype html><html><body>",
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>Thank you for your order. Your order number is <strong>${escapeHtml(input.orderNumber)}</strong>.</p>`,
    `<h2>Your tickets</h2><ul>${htmlItems.join("")}</ul>`,
    `<p>Total: ${escapeHtml(input.totalText)}</p>`,
    "<p>Show the QR codes of your tickets at the entrance.</p>",
    `<p>${escapeHtml(input.sellerName)}</p>`,
    "</body></html>",
  ].join("");
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
