/**
 * The seats of one cart line: 'Section Stalls, Row B, Seat 12'
 * and the holder's name, under the ticket type they belong to. Nothing for unseated tickets.
 */
import type { CartSeat } from "../../lib/domain/cart-items.ts";
import { seatLabel } from "../../lib/domain/seat-label.ts";
import type { CartTranslate } from "./cart-strings.ts";

export function CartSeatList({ seats, tr }: { seats: readonly CartSeat[]; tr: CartTranslate }) {
  if (seats.length === 0) return null;
  const words = { section: tr("cart.seat.section"), row: tr("cart.seat.row"), seat: tr("cart.seat.number") };
  return (
    <ul className="cart-item__seats" aria-label={tr("cart.seats")} data-testid="cart-seats">
      {seats.map((seat) => (
        <li key={seat.ticketId}>
          {seatLabel(seat, words)}
          {seat.holder && <span className="cart-item__holder"> ({seat.holder})</span>}
        </li>
      ))}
    </ul>
  );
}
