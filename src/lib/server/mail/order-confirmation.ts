/**
 * The order confirmation mail: subject with the order number, a text and an HTML part
 * listing the tickets (event, type, date as 'ddd, MMMM D YYYY' and the time in the tenant's locale, in
 * the venue's time zone)
 * and one QR code per ticket as an inline cid image (its scan code). Tenant and customer text is
 * escaped in the HTML part.
 */
import { ticketRowIn } from "../../domain/content-language.ts";
import { formatTime } from "../../domain/date-format.ts";
import { type GiftRecipient, giftRecipientOf } from "../../domain/gift-recipient.ts";
import { escapeHtml } from "../../domain/html-escape.ts";
import { formatOrderDate } from "../../domain/order-dates.ts";
import { seatedTicketLabel, seatLabel } from "../../domain/seat-label.ts";
import { languageOf } from "../../tenant/languages.ts";
import type { Tenant } from "../../tenant/schema.ts";
import { seatWords, t } from "../../tenant/strings.ts";
import type { OrderTicketRow } from "../services/checkout/orders.ts";
import type { TicketMailExtras } from "../services/ticket-cards/links.ts";
import { brandedMailHtml, brandOf, mailBrand } from "./brand-layout.ts";
import { greetingText, htmlText, type MailWords } from "./mail-words.ts";
import type { MailAttachment, OutgoingMail } from "./outbox.ts";
import { qrPngBuffer } from "./qr-png.ts";
import { mailTicketCards, ticketBlocks } from "./ticket-blocks.ts";

export interface ConfirmationInput {
  sellerId: string;
  sellerName: string;
  orderId: string;
  orderNumber: string;
  totalText: string;
  /**
   * The total's fee lines (Subtotal, Fees, discount, Total), already labelled and
   * formatted; empty or absent when the total has no fees, and then the mail shows 'Total: …'.
   */
  totalLines?: ReadonlyArray<{ label: string; amount: string }>;
  to: string;
  firstName: string | null;
  tickets: readonly OrderTicketRow[];
  /** The tenant's locale, for the session times (the order date's format is fixed by spec 2 §2). */
  locale?: string | undefined;
  /**
   * The tenant in the order's language (mail-language.ts), whose words and brand the mail takes;
   * absent, the English defaults on the seller's brand.
   */
  tenant?: Tenant | undefined;
  /**
   * The order's cart's additional info (survey answers keyed by ticket group id): a gift
   * card's recipient is named in its ticket line, as on the completion page.
   */
  additionalInfo?: unknown;
  /**
   * The absolute "Manage your booking" link (`/{seller}/manage/{orderId}?token=`), in the
   * text and the HTML part; absent or null for an order with nothing to manage.
   */
  manageUrl?: string | null;
  /** A first line saying why the mail came again (the booking was changed or cancelled). */
  notice?: string | null;
  /**
   * The tickets page link, the wallet links and the calendar attachment
   * (services/ticket-cards/links.ts `ticketMailExtras`); absent, the blocks have none of them.
   */
  inHand?: TicketMailExtras | null;
  /**
   * An order paid on a plan (spec 2 §4): what was paid, each instalment (date, amount, status) and
   * what remains; absent for an order paid in full.
   */
  schedule?: PaymentScheduleText | null;
}

/** A plan's payment schedule in the mail's words (dates and amounts already formatted). */
export interface PaymentScheduleText {
  paid: string;
  outstanding: string;
  rows: { date: string; amount: string; status: string }[];
}

/** The payment schedule block: what was paid, each instalment and what remains. */
function scheduleParts(
  schedule: PaymentScheduleText | null | undefined,
  words: MailWords,
): { text: string[]; html: string } {
  if (!schedule) return { text: [], html: "" };
  const line = (r: PaymentScheduleText["rows"][number]) => `${r.date}: ${r.amount} (${r.status})`;
  const summary = t(words, "mail.order.scheduleSummary", {
    paid: schedule.paid,
    outstanding: schedule.outstanding,
  });
  const title = t(words, "mail.order.schedule");
  return {
    text: ["", `${title}:`, ...schedule.rows.map((r) => `- ${line(r)}`), summary],
    html:
      `<h2>${escapeHtml(title)}</h2><ul>${schedule.rows.map((r) => `<li>${escapeHtml(line(r))}</li>`).join("")}</ul>` +
      `<p>${escapeHtml(summary)}</p>`,
  };
}

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
  words?: MailWords,
): string | null {
  const start = row.session?.startDatetime ?? row.ticket.validFrom;
  if (!start) return null;
  const date = formatOrderDate(new Date(start).toISOString(), row.venue.timezone, locale);
  return row.session
    ? t(words, "mail.order.dateAt", { date, time: formatTime(new Date(start), locale, row.venue.timezone) })
    : date;
}

/** A seated ticket's 'Section Stalls, Row B, Seat 12 (Jane Smith)'; null without a seat. */
export function ticketSeatText(
  row: Pick<OrderTicketRow, "seat" | "group" | "ticket">,
  words?: MailWords,
): string | null {
  return row.seat
    ? seatedTicketLabel(
        { name: row.seat.name, section: row.group.name, holder: row.ticket.admitName },
        seatWords(words),
      )
    : null;
}

/** A gift card ticket's recipient (its ledger group's answers); null for other tickets. */
export function ticketGiftRecipient(
  row: Pick<OrderTicketRow, "group" | "ticket">,
  additionalInfo: unknown,
): GiftRecipient | null {
  return row.group.handler === "ledger" ? giftRecipientOf(additionalInfo, row.ticket.ticketGroupId) : null;
}

/** 'For Grace Hopper (grace@example.test)', the completion page's words ("cart.giftRecipient"). */
export function giftRecipientText(recipient: GiftRecipient, words?: MailWords): string {
  return recipient.email
    ? t(words, "mail.order.giftForEmail", { name: recipient.name, email: recipient.email })
    : t(words, "mail.order.giftFor", { name: recipient.name });
}

/**
 * Where a bought gift card's number went (services/checkout/gift-cards.ts mails it to the recipient,
 * or to the buyer without a recipient e-mail); the completion page's words
 * ("checkout.complete.giftCardSent", "checkout.complete.giftCardToBuyer"). The buyer never sees the
 * number: the card is the recipient's.
 */
export function giftCardSentText(recipient: GiftRecipient, words?: MailWords): string {
  return recipient.email
    ? t(words, "mail.order.giftSentTo", { email: recipient.email })
    : t(words, "mail.order.giftSentToYou");
}

/**
 * A QR code PNG of `content`, 256 pixels wide: the `qrcode` package's pixels, written as a 1-bit
 * PNG (qr-png.ts); one is drawn per ticket in the checkout's confirmation mail.
 */
export function qrPng(content: string, margin = 4): Promise<Buffer> {
  return Promise.resolve(qrPngBuffer(content, { margin, width: 256 }));
}

export async function buildOrderConfirmation(given: ConfirmationInput): Promise<OutgoingMail> {
  const words = given.tenant;
  // The events, tickets and venues as the order's language names them (the catalogue's texts).
  const language = words ? languageOf(words) : undefined;
  const input = { ...given, tickets: given.tickets.map((row) => ticketRowIn(row, language)) };
  const locale = input.locale ?? words?.locale ?? "en-US";
  const textLines: string[] = [];
  const htmlItems: string[] = [];
  // Tickets that admit somebody are ticket blocks (ticket-blocks.ts, the tickets page's
  // cards); the other rows (gift cards, donations) stay receipt lines.
  const order = {
    id: input.orderId,
    orderNumber: input.orderNumber,
    state: input.inHand?.orderState ?? "completed",
  };
  const cards = mailTicketCards(order, input.tickets, input.inHand?.now ?? new Date(0), locale);
  const carded = new Set(cards.map((card) => card.ticketId));
  // The gift message is one answer per gift card group: said once, under the group's first card,
  // not again under each card of the same order.
  const messageSaid = new Set<string>();
  for (const row of input.tickets) {
    if (carded.has(row.ticket.id)) continue;
    const when = ticketWhen(row, locale, words);
    const seat = ticketSeatText(row, words);
    const label = `${row.event.name} - ${row.type.name}${seat ? ` - ${seat}` : ""}${when ? ` - ${when}` : ""}`;
    textLines.push(`- ${label}`);
    const recipient = ticketGiftRecipient(row, input.additionalInfo);
    const message =
      recipient?.message && !messageSaid.has(row.ticket.ticketGroupId) ? recipient.message : undefined;
    if (message) messageSaid.add(row.ticket.ticketGroupId);
    const messageLabel = t(words, "mail.order.message");
    if (recipient) textLines.push(`  ${giftRecipientText(recipient, words)}`);
    if (message) textLines.push(`  ${messageLabel}: ${message}`);
    if (recipient) textLines.push(`  ${giftCardSentText(recipient, words)}`);
    htmlItems.push(
      `<li><strong>${escapeHtml(row.event.name)}</strong> - ${escapeHtml(row.type.name)}` +
        `${seat ? `<br>${escapeHtml(seat)}` : ""}${when ? `<br>${escapeHtml(when)}` : ""}` +
        `${recipient ? `<br>${escapeHtml(giftRecipientText(recipient, words))}` : ""}` +
        `${message ? `<br>${escapeHtml(messageLabel)}: ${escapeHtml(message)}` : ""}` +
        `${recipient ? `<br>${escapeHtml(giftCardSentText(recipient, words))}` : ""}</li>`,
    );
  }
  const blocks = await ticketBlocks(cards, input.inHand ?? null, {
    qrPng: (content) => qrPng(content),
    locale,
    seatText: (card) => (card.seat ? seatLabel(card.seat, seatWords(words)) : null),
    words,
  });
  const attachments: MailAttachment[] = [...blocks.attachments];
  if (input.inHand?.calendar) attachments.push(input.inHand.calendar);
  const ticketsPage = t(words, "mail.order.ticketsPage");
  const calendar = t(words, "mail.order.calendar");
  const more =
    blocks.more > 0 ? ` (${escapeHtml(t(words, "mail.order.moreQr", { count: blocks.more }))})` : "";
  const inHand = input.inHand
    ? {
        text: [
          "",
          `${ticketsPage}: ${input.inHand.ticketsUrl}`,
          ...(input.inHand.calendar ? [calendar] : []),
        ],
        html:
          `<p><a href="${escapeHtml(input.inHand.ticketsUrl)}">${escapeHtml(ticketsPage)}</a>${more}</p>` +
          `${input.inHand.calendar ? `<p>${escapeHtml(calendar)}</p>` : ""}`,
      }
    : { text: [], html: "" };
  const greeting = greetingText(words, input.firstName);
  const subject = t(words, "mail.order.subject", { number: input.orderNumber, seller: input.sellerName });
  const manageText = t(words, "mail.order.manage");
  const manage = input.manageUrl
    ? {
        text: ["", `${manageText}: ${input.manageUrl}`],
        html: `<p><a href="${escapeHtml(input.manageUrl)}">${escapeHtml(manageText)}</a></p>`,
      }
    : { text: [], html: "" };
  const notice = input.notice
    ? { text: [input.notice, ""], html: `<p><strong>${escapeHtml(input.notice)}</strong></p>` }
    : { text: [], html: "" };
  const plan = scheduleParts(input.schedule, words);
  const ticketsTitle = t(words, "mail.order.tickets");
  const total = t(words, "mail.order.total");
  const showQr = t(words, "mail.order.showQr");
  const text = [
    greeting,
    "",
    ...notice.text,
    t(words, "mail.order.thanks", { number: input.orderNumber }),
    "",
    `${ticketsTitle}:`,
    ...blocks.text,
    ...textLines,
    ...inHand.text,
    "",
    ...(input.totalLines?.length
      ? input.totalLines.map((line) => `${line.label}: ${line.amount}`)
      : [`${total}: ${input.totalText}`]),
    ...plan.text,
    "",
    showQr,
    ...manage.text,
    "",
    input.sellerName,
  ].join("\n");
  const content = [
    `<p>${escapeHtml(greeting)}</p>`,
    notice.html,
    `<p>${htmlText(words, "mail.order.thanks", { number: `<strong>${escapeHtml(input.orderNumber)}</strong>` })}</p>`,
    `<h2>${escapeHtml(ticketsTitle)}</h2>${blocks.html}${htmlItems.length ? `<ul>${htmlItems.join("")}</ul>` : ""}`,
    inHand.html,
    input.totalLines?.length
      ? `<p>${input.totalLines.map((line) => `${escapeHtml(line.label)}: ${escapeHtml(line.amount)}`).join("<br>")}</p>`
      : `<p>${escapeHtml(total)}: ${escapeHtml(input.totalText)}</p>`,
    plan.html,
    `<p>${escapeHtml(showQr)}</p>`,
    manage.html,
    `<p>${escapeHtml(input.sellerName)}</p>`,
  ].join("");
  // The brand header and frame (brand-layout.ts) around the mail's own content.
  const brand = words ? brandOf(words, input.sellerName) : mailBrand(input.sellerId, input.sellerName);
  const html = brandedMailHtml(brand, content, subject);
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
