/**
 * The scheduled payments list (spec 2 §2, §3, §4): each instalment's date ('ddd, MMMM D YYYY'),
 * amount and status (Upcoming, Due today, Overdue or Paid, decided by the server's clock: nothing
 * due today reads 'Overdue'), then the total outstanding.
 */
import type { ScheduledPayment } from "../../lib/api/checkout/schemas.ts";
import { apiMoneyMinor } from "../../lib/domain/money.ts";
import { formatOrderDate } from "../../lib/domain/order-dates.ts";
import type { CheckoutTranslate } from "./checkout-strings.ts";
import "./extras.css";

export interface ScheduledPaymentsProps {
  rows: readonly ScheduledPayment[];
  outstanding: number;
  timeZone: string;
  locale: string;
  money: (minor: number) => string;
  tr: CheckoutTranslate;
}

export function ScheduledPayments({
  rows,
  outstanding,
  timeZone,
  locale,
  money,
  tr,
}: ScheduledPaymentsProps) {
  if (rows.length === 0) return null;
  return (
    <section className="checkout-section checkout-schedule" aria-labelledby="checkout-schedule-title">
      <h2 id="checkout-schedule-title">{tr("checkout.schedule.title")}</h2>
      <ul className="checkout-schedule__list">
        {rows.map((row) => (
          <li
            key={row.id}
            className={`checkout-schedule__row checkout-schedule__row--${row.due_today ? "due" : row.status.toLowerCase()}`}
          >
            <span className="checkout-schedule__date">{formatOrderDate(row.due_date, timeZone, locale)}</span>
            <span className="checkout-schedule__amount">{money(apiMoneyMinor(row.amount))}</span>
            <span className="checkout-schedule__status">
              {tr(row.due_today ? "checkout.schedule.DueToday" : `checkout.schedule.${row.status}`)}
            </span>
          </li>
        ))}
      </ul>
      <p className="checkout-schedule__outstanding">
        <span>{tr("checkout.schedule.outstanding")}</span> <strong>{money(outstanding)}</strong>
      </p>
    </section>
  );
}
