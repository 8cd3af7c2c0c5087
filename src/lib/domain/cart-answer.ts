/**
 * The parts of a cart answer (the API's cart envelope, src/lib/api/cart/schemas.ts) that the cart
 * rules read. Declared here, so the domain imports no API module; the API's CartEnvelope fits it,
 * which the type check proves wherever an island or a test hands one to these rules.
 */
import type { Rows } from "./answer-rows.ts";
import type { MetaRow } from "./meta-fold.ts";

export interface CartAnswerTicket {
  id: string;
  state: string;
  event_template_id: string;
  event_session_id: string | null;
  ticket_group_id: string;
  ticket_type_id: string;
  valid_from: string | null;
  face_value: string;
  seat_template_id: string | null;
  admit_name: string | null;
}

export interface CartAnswerCart {
  anchor: { event_template_id: string } | null;
  additional_info?: unknown;
  state: string;
  expires_in: number | null;
  outstanding_balance: string;
  blocking_rules: readonly unknown[];
  totals: {
    face_value: string;
    fee_fixed: string;
    fee_percent: string;
    promo_discount: string;
    total: string;
  };
}

export interface CartAnswer {
  cart: Rows<CartAnswerCart>;
  cart_fees: Rows<{ grand_totals: { total_outstanding: string; total_payments: string } }>;
  ticket: Rows<CartAnswerTicket>;
  event_template?: Rows<{ id: string; name: string; venue_id: string }> | undefined;
  ticket_type?: Rows<{ id: string; name: string }> | undefined;
  ticket_group?: Rows<{ id: string; name: string; handler: string }> | undefined;
  event_session?: Rows<{ id: string; start_datetime: string; all_day?: boolean | undefined }> | undefined;
  venue?: Rows<{ id: string; timezone: string }> | undefined;
  seller?: Rows<{ timezone: string }> | undefined;
  seat?: Rows<{ seat_template_id: string; name: string }> | undefined;
  meta?: Rows<MetaRow> | undefined;
  /** Payments taken toward the cart (spec 2 §3, §4): gift cards first, then the card. */
  payment?: Rows<CartAnswerPayment> | undefined;
}

export interface CartAnswerPayment {
  id: string;
  state: string;
  gateway_id: string;
  /** A gift card's number masked to its last 4, as the server answers it. */
  card_number: string | null;
  amount: string;
  remaining_balance: string | null;
}
