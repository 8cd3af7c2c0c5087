/**
 * The reserve island of the event page (hydrated with client:load: it is the page's purpose).
 * It wires the cart store to the seller and picks the flow: date_first (and single), quantity_first
 * or one_ticket (donation and gift card).
 */
import "./reserve.css";
import { startTransition, useEffect, useState } from "react";
import { eventPageParts } from "../../lib/domain/event-page-parts.ts";
import { initCart } from "../../lib/stores/cart.ts";
import { AnchorNotice } from "./AnchorNotice.tsx";
import { ReserveContext } from "./context.ts";
import { DateFirstReserve } from "./DateFirstReserve.tsx";
import { OneTicketReserve } from "./OneTicketReserve.tsx";
import type { ReserveIslandProps } from "./props.ts";
import { QuantityFirstReserve } from "./QuantityFirstReserve.tsx";
import { useBrowserReserveEnv } from "./useBrowserReserveEnv.ts";

export default function ReserveIsland(props: ReserveIslandProps) {
  const env = useBrowserReserveEnv(props);

  // The server and the first client render agree (a loading status); the flow starts once mounted.
  // Its first render is a transition: React renders it in slices and keeps the page responsive.
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    initCart({ seller: props.seller, tagManagerId: props.tagManagerId });
    startTransition(() => setMounted(true));
  }, [props.seller, props.tagManagerId]);

  // Spec 1 §2 one-ticket-only variant (gift card, donation): a purchase, not tickets for a visit.
  const ticketsHeading = eventPageParts(
    props.flow === "one_ticket" ? "one_ticket" : "visit",
    undefined,
  ).ticketsHeading;
  return (
    <ReserveContext.Provider value={env}>
      <section className="reserve" aria-labelledby={ticketsHeading ? "reserve-heading" : undefined}>
        {ticketsHeading && <h2 id="reserve-heading">{env.text("reserve.heading")}</h2>}
        {mounted && <AnchorNotice />}
        {!mounted ? (
          <p role="status">{env.text("reserve.loading")}</p>
        ) : props.flow === "one_ticket" ? (
          <OneTicketReserve />
        ) : props.flow === "quantity_first" ? (
          <QuantityFirstReserve />
        ) : (
          <DateFirstReserve />
        )}
      </section>
    </ReserveContext.Provider>
  );
}
