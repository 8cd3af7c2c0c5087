/**
 * A ticket card as the completion and tickets pages show it: the card (ticket-cards.ts) with its
 * QR code and wallet links resolved on the server. Plain data, so the card component takes it as
 * props and never reaches the server for its type.
 */
import type { TicketCard } from "./ticket-cards.ts";

/** The wallet passes offered for a ticket: a link per provider, null where none is offered. */
export interface WalletLinks {
  apple: string | null;
  google: string | null;
}

export interface PageTicketCard extends TicketCard {
  /** The QR code as inline SVG; null when it is not shown. */
  qr: string | null;
  wallet: WalletLinks;
}

export interface PageTicketOrder {
  id: string;
  orderNumber: string;
  /** 'Add to calendar' (GET ticket_order/{id}/calendar.ics), when the order has an active session ticket. */
  calendarUrl: string | null;
  cards: PageTicketCard[];
}
