/**
 * Default texts of the tickets in hand: the tickets page, the ticket QR codes on the
 * completion page, the wallet and calendar buttons. Spread into strings.ts's defaultStrings, so a
 * tenant overrides them like any other string. The ticket states are the spec's (spec 2 §4).
 */
export const ticketStrings = {
  "tickets.title": "Your tickets",
  "tickets.intro": "Show each ticket's QR code at the entrance, on your phone or printed.",
  "tickets.print": "Print tickets",
  "tickets.addToCalendar": "Add to calendar",
  "tickets.appleWallet": "Add to Apple Wallet",
  "tickets.googleWallet": "Save to Google Wallet",
  "tickets.qrAlt": "QR code of ticket {code}",
  "tickets.cardTitle": "Ticket {index} of {count}",
  "tickets.order": "Order",
  "tickets.date": "Date",
  "tickets.time": "Time",
  "tickets.type": "Ticket",
  "tickets.admit": "Admit",
  "tickets.seat": "Seat",
  "tickets.code": "Ticket code",
  "tickets.anyDate": "Any date",
  "tickets.state.redeemed": "Redeemed",
  "tickets.state.cancelled": "Cancelled",
  "tickets.state.past": "Past Event",
  "tickets.cancelledNoQr": "This ticket was cancelled and no longer admits anyone.",
  "tickets.none": "There are no tickets to show for this order.",
  "tickets.backToOrder": "Back to your order",
  "tickets.actions": "Ticket actions",
  "checkout.complete.ticketQrs": "Your tickets, one QR code each",
  "checkout.complete.orderQrCaption": "Order {number}: one code for the whole order",
  "checkout.complete.viewTickets": "View and print tickets",
} as const;
