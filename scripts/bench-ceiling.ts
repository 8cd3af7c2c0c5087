// The raw-SQL ceilings of the holds and checkout benches (DESIGN §9): the rows a hold and a guest
// checkout write, written by hand-made SQL in one transaction, through the same database handle
// as the server (its pool), at the bench's concurrency. No reads, no checks beyond the conditional
// capacity update, no HTTP: what the database and its driver can do, to which the product's rate
// is compared in the same run. The values are copied from rows the product wrote in the warm-up,
// so the rows are the same size. Used by scripts/bench-holds-server.ts and bench-checkout-server.ts.
import { randomBytes, randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../src/lib/server/db/client.ts";
import { lastStatements, transactionEndingWith } from "../src/lib/server/db/last-statements.ts";
import { startNow } from "../src/lib/server/db/sequenced.ts";

type Row = Record<string, unknown>;

/** The rows of a raw query, on either driver (postgres.js answers an array, PGlite { rows }). */
async function rows(db: Pick<Db, "execute">, query: SQL): Promise<Row[]> {
  const answer = (await db.execute(query)) as unknown;
  return Array.isArray(answer) ? (answer as Row[]) : ((answer as { rows: Row[] }).rows ?? []);
}

const text = (value: unknown): string | null =>
  value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value);

/** What a hold of one ticket of the session writes, from a ticket the product sold there. */
export interface HoldTemplate {
  sellerId: string;
  identityId: string;
  sessionId: string;
  groupId: string;
  typeId: string;
  eventId: string;
  validFrom: string | null;
  validTo: string | null;
  faceValue: number;
  feeFixed: number;
  feePercent: number;
}

export async function holdTemplate(db: Db, sessionId: string): Promise<HoldTemplate> {
  const [t] = await rows(
    db,
    sql`select t.*, c.identity_id as cart_identity from ticket t join cart c on c.id = t.cart_id
        where t.event_session_id = ${sessionId} and t.state in ('held', 'booked') limit 1`,
  );
  if (!t) throw new Error(`no ticket of ${sessionId} to copy`);
  return {
    sellerId: String(t.seller_id),
    identityId: String(t.cart_identity),
    sessionId,
    groupId: String(t.ticket_group_id),
    typeId: String(t.ticket_type_id),
    eventId: String(t.event_template_id),
    validFrom: text(t.valid_from),
    validTo: text(t.valid_to),
    faceValue: Number(t.face_value),
    feeFixed: Number(t.fee_fixed_outside),
    feePercent: Number(t.fee_percent_outside),
  };
}

let numbers = 0;
/** Ten digits: never one of the product's nine-digit cart numbers, never twice in a process. */
function cartNumber(): string {
  numbers += 1;
  return String(9_000_000_000 + numbers);
}

export interface RawHold {
  cartId: string;
  ticketId: string;
  cartNumber: string;
  sellerId: string;
}

/**
 * A hold's three statements: the cart, its ticket, the session's and group's places (answering n,
 * how many took; with `refuse`, failing when not both did).
 */
function holdStatements(
  t: HoldTemplate,
  sessionId: string,
  refuse = false,
): { hold: RawHold; cart: SQL; ticket: SQL; places: SQL } {
  const now = new Date();
  const created = now.toISOString();
  const expires = new Date(now.getTime() + 15 * 60_000).toISOString();
  const hold = {
    cartId: randomUUID(),
    ticketId: randomUUID(),
    cartNumber: cartNumber(),
    sellerId: t.sellerId,
  };
  return {
    hold,
    cart: sql`insert into cart (id, seller_id, cart_number, state, identity_id, created_at, expires_at, campaign,
          additional_info, codes, ticket_order_id, membership_options, edits_ticket_order_id, edit_removals)
        values (${hold.cartId}, ${t.sellerId}, ${hold.cartNumber}, 'pending', ${t.identityId}, ${created}, ${expires},
          '{}', '{}', '[]', null, '{}', null, '[]')`,
    ticket: sql`insert into ticket (id, seller_id, cart_id, state, ticket_type_id, ticket_group_id, event_template_id,
          event_session_id, counts_against_session, valid_from, valid_to, face_value, fee_fixed_outside,
          fee_percent_outside, admit_name, admit_email, seat_template_id, party_role, code, created_at)
        values (${hold.ticketId}, ${t.sellerId}, ${hold.cartId}, 'held', ${t.typeId}, ${t.groupId}, ${t.eventId},
          ${sessionId}, true, ${t.validFrom}, ${t.validTo}, ${t.faceValue}, ${t.feeFixed}, ${t.feePercent},
          null, null, null, null, null, ${created})`,
    places: sql`with c0 as (update event_session set used_capacity = used_capacity + 1
          where id = ${sessionId} and not sold_out and (capacity < 0 or used_capacity + 1 <= capacity + oversell_capacity)
          returning id),
        c1 as (update ticket_group set used_capacity = used_capacity + 1
          where id = ${t.groupId} and (capacity < 0 or used_capacity + 1 <= capacity + oversell_capacity)
          returning id)
        select ${refuse ? sql`case when (select count(*) from c0) + (select count(*) from c1) = 2 then 2 else foyer_no_room('s', ${sessionId})::int end` : sql`(select count(*) from c0)::int + (select count(*) from c1)::int`} as n`,
  };
}

/**
 * A hold's writes: the cart, its ticket, and the conditional capacity update of the session and
 * the group (rolled back when either has no room), in one transaction, each statement awaited.
 */
export async function rawHold(db: Db, t: HoldTemplate, sessionId = t.sessionId): Promise<RawHold> {
  const { hold, cart, ticket, places } = holdStatements(t, sessionId);
  await db.transaction(async (tx) => {
    await tx.execute(cart);
    await tx.execute(ticket);
    const [taken] = await rows(tx, places);
    if (Number(taken?.n) !== 2) tx.rollback();
  });
  return hold;
}

/**
 * The same writes sent as the product sends a hold's (src/lib/server/db/last-statements.ts): BEGIN
 * with the first statement, the places refused inside their statement, COMMIT with it, no answer
 * awaited in between. Not the issue's ceiling (each statement awaited in turn, as hand-made SQL
 * usually is): printed beside it, so the product's ratio can be read against both.
 */
export async function rawHoldAtCommit(db: Db, t: HoldTemplate, sessionId = t.sessionId): Promise<RawHold> {
  const { hold, cart, ticket, places } = holdStatements(t, sessionId, true);
  await transactionEndingWith(db, async (tx) => {
    const sent = [cart, ticket, places].map((statement) => startNow(tx.execute(statement)));
    return lastStatements(Promise.all(sent));
  });
  return hold;
}

/** What a guest checkout of one ticket writes, from the product's last order confirmation. */
export interface CheckoutTemplate {
  email: string;
  firstName: string;
  lastName: string;
  amount: number;
  subject: string;
  text: string;
  html: string;
  attachments: string;
  mailState: string;
}

export async function checkoutTemplate(db: Db): Promise<CheckoutTemplate> {
  const [mail] = await rows(
    db,
    sql`select o.to_address, o.subject, o.text, o.html, o.attachments::text as attachments, o.state,
          p.amount, i.first_name, i.last_name
        from outbox o join ticket_order t on t.id = o.related_id join payment p on p.cart_id = t.cart_id
          join identity i on i.id = t.identity_id
        where o.kind = 'order_confirmation' order by o.created_at desc limit 1`,
  );
  if (!mail) throw new Error("no order confirmation to copy");
  return {
    email: String(mail.to_address),
    firstName: String(mail.first_name),
    lastName: String(mail.last_name),
    amount: Number(mail.amount),
    subject: String(mail.subject),
    text: String(mail.text),
    html: String(mail.html),
    attachments: String(mail.attachments),
    mailState: String(mail.state),
  };
}

/**
 * A guest checkout's writes for a held cart: the guest identity (by e-mail: a new guest is
 * stored, a returning one is read), the payment, the order, the ticket booked with its scan code, the cart booked, and the
 * confirmation mail in the outbox, in one transaction.
 */
export async function rawCheckout(
  db: Db,
  t: CheckoutTemplate,
  hold: RawHold,
  email = t.email,
): Promise<void> {
  const at = new Date().toISOString();
  const orderId = randomUUID();
  await db.transaction(async (tx) => {
    // The guest's identity: a new one, or the seller's identity with the e-mail (unchanged: not written).
    const [inserted] = await rows(
      tx,
      sql`insert into identity (id, seller_id, kind, email, first_name, last_name, additional_info, created_at)
          values (${randomUUID()}, ${hold.sellerId}, 'guest', ${email}, ${t.firstName}, ${t.lastName}, null, ${at})
          on conflict do nothing returning id`,
    );
    const [who] = inserted
      ? [inserted]
      : await rows(
          tx,
          sql`select id from identity where seller_id = ${hold.sellerId} and lower(email) = lower(${email})`,
        );
    await tx.execute(
      sql`insert into payment (id, seller_id, cart_id, gateway_id, state, amount, occurred_at, card_number,
            remaining_balance, provider_reference, card_last4, idempotency_key, refund_of_payment_id)
          values (${randomUUID()}, ${hold.sellerId}, ${hold.cartId}, 'test', 'succeeded', ${t.amount}, ${at}, null, null,
            ${`pi_test_${randomBytes(12).toString("hex")}`}, '4242', null, null)`,
    );
    await tx.execute(
      sql`insert into ticket_order (id, seller_id, order_number, identity_id, cart_id, state, guest, created_at,
            total, giftee_identity_id, channel)
          values (${orderId}, ${hold.sellerId}, ${hold.cartNumber}, ${String(who?.id)}, ${hold.cartId}, 'completed',
            true, ${at}, ${t.amount}, null, 'web')`,
    );
    await tx.execute(
      sql`update ticket set state = 'booked', ticket_order_id = ${orderId} where id = ${hold.ticketId} and state = 'held'`,
    );
    await tx.execute(
      sql`insert into ticket_scan (ticket_id, ticket_order_id, scan_code)
          values (${hold.ticketId}, ${orderId}, ${randomBytes(9).toString("base64url").toUpperCase()})`,
    );
    await tx.execute(
      sql`update cart set state = 'booked', expires_at = null, ticket_order_id = ${orderId} where id = ${hold.cartId}`,
    );
    await tx.execute(
      sql`insert into outbox (id, seller_id, kind, related_id, to_address, subject, text, html, attachments,
            created_at, state)
          values (${randomUUID()}, ${hold.sellerId}, 'order_confirmation', ${orderId}, ${email}, ${t.subject},
            ${t.text}, ${t.html}, cast(${t.attachments}::text as jsonb), ${at}, ${t.mailState})`,
    );
  });
}

/** `work` on `concurrency` workers for `seconds` (or until it throws `Exhausted`): done per second. */
export async function timed(
  work: () => Promise<unknown>,
  concurrency: number,
  seconds: number,
): Promise<{
  done: number;
  failed: number;
  elapsed: number;
  perSecond: number;
  exhausted: boolean;
  /** This process's CPU time (user and system) over the run, in ms. */
  cpuMs: number;
}> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const end = started + seconds * 1000;
  let done = 0;
  let failed = 0;
  let exhausted = false;
  const worker = async () => {
    while (!exhausted && performance.now() < end) {
      try {
        await work();
        done += 1;
      } catch (error) {
        if (error instanceof Exhausted) exhausted = true;
        else failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  return { done, failed, elapsed, perSecond: done / elapsed, exhausted, cpuMs: cpuMsSince(cpu) };
}

/** Thrown by a timed work that has nothing left to do (all prepared carts used). */
export class Exhausted extends Error {}

/** The process's CPU time (user and system) since `start`, in ms. */
export function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}
