/**
 * The confirmation after a plan's first payment booked the order (spec 2 §4 partial: the buyer
 * stays on checkout): the paid amount, the order number, what it bought, the schedule still to
 * pay, the confirmation e-mail with that schedule, and a link to the order. It replaces the
 * checkout form, so nothing offers to pay the same instalment again.
 */
import { useEffect, useRef } from "react";
import { formatOrderDate } from "../../lib/domain/order-dates.ts";
import type { PlanOrderConfirmation } from "../../lib/domain/plan-order.ts";
import type { CheckoutTranslate } from "./checkout-strings.ts";
import "./extras.css";

export interface PlanOrderPanelProps {
  confirmation: PlanOrderConfirmation;
  timeZone: string;
  locale: string;
  money: (minor: number) => string;
  tr: CheckoutTranslate;
}

export function PlanOrderPanel({ confirmation: c, timeZone, locale, money, tr }: PlanOrderPanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const next = c.rows.find((row) => row.status !== "Paid");
  return (
    <section className="checkout-plan-order" aria-labelledby="checkout-plan-order-title">
      <h2 id="checkout-plan-order-title" ref={heading} tabIndex={-1}>
        {tr("checkout.planOrder.title")}
      </h2>
      <p>{tr("checkout.partial", { amount: money(c.paid) })}</p>
      <p className="checkout-plan-order__number" data-testid="plan-order-number">
        {tr("checkout.planOrder.number", { number: c.orderNumber })}
      </p>
      {c.items.length > 0 ? (
        <>
          <h3>{tr("checkout.planOrder.bought")}</h3>
          <ul className="checkout-plan-order__items">
            {c.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </>
      ) : null}
      {c.rows.length > 0 ? (
        <>
          <h3>{tr("checkout.schedule.title")}</h3>
          <ul className="checkout-schedule__list">
            {c.rows.map((row) => (
              <li key={row.id} className="checkout-schedule__row">
                <span className="checkout-schedule__date">
                  {formatOrderDate(row.dueDate, timeZone, locale)}
                </span>
                <span className="checkout-schedule__amount">{money(row.amount)}</span>
                <span className="checkout-schedule__status">
                  {tr(row.dueToday ? "checkout.schedule.DueToday" : `checkout.schedule.${row.status}`)}
                </span>
              </li>
            ))}
          </ul>
          <p className="checkout-schedule__outstanding">
            <span>{tr("checkout.schedule.outstanding")}</span> <strong>{money(c.outstanding)}</strong>
          </p>
        </>
      ) : null}
      {next ? (
        <p>{tr("checkout.partial.next", { date: formatOrderDate(next.dueDate, timeZone, locale) })}</p>
      ) : null}
      {c.email ? <p>{tr("checkout.planOrder.email", { email: c.email })}</p> : null}
      <p>
        <a className="button" href={c.orderHref}>
          {tr("checkout.planOrder.view")}
        </a>
      </p>
    </section>
  );
}
