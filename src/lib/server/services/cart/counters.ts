/**
 * Capacity counters (DESIGN §4). Every change to event_session.used_capacity and
 * ticket_group.used_capacity goes through applyCapacityDeltas, inside the caller's transaction,
 * as the last statement before COMMIT (pretix: everything a transaction consumes is locked in one
 * place, as late as possible), so a hot row stays locked for one round trip. It is one statement:
 * a conditional UPDATE per row in one fixed order (sessions by id, then groups by id) so
 * concurrent transactions never deadlock. An increase matches only while the places fit; when it
 * matches nothing the row is read to tell "sold out" from "not enough left", and the error rolls
 * the transaction back. The statement answers the fresh counters of every row it changed. A
 * session's places given back while people wait on its list go to the list instead (below).
 */
import { eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import { availableCapacity } from "../../../domain/availability.ts";
import type { Executor, Tx } from "../../db/executor.ts";
import { postgresError } from "../../db/pg-error.ts";
import { runShaped } from "../../db/query-shape.ts";
import * as s from "../../db/schema.ts";
import { reserveError } from "./errors.ts";

export type Deltas = Map<string, number>;

/** A row's counters as they are after the change (the UPDATE's RETURNING). */
export interface Counters {
  capacity: number;
  usedCapacity: number;
  oversellCapacity: number;
  soldOut: boolean;
}

export interface FreshCounters {
  sessions: Map<string, Counters>;
  groups: Map<string, Counters>;
}

export function addDelta(deltas: Deltas, id: string, n: number): void {
  deltas.set(id, (deltas.get(id) ?? 0) + n);
}

const sortedEntries = (deltas: Deltas) =>
  [...deltas].filter(([, n]) => n !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

async function sessionError(tx: Executor, id: string): Promise<Error> {
  const [row] = await tx.select().from(s.eventSession).where(eq(s.eventSession.id, id));
  if (!row)
    return reserveError("event_session_sold_out", "This session is not available.", { event_session_id: id });
  const available = availableCapacity(row);
  if (row.soldOut || available === 0) {
    return reserveError("event_session_sold_out", "Tickets have sold out for this session.", {
      event_session_id: id,
      start_datetime: row.startDatetime.toISOString(),
      available: 0,
    });
  }
  return reserveError(
    "session_capacity_exceeded",
    `Only ${available} ticket${available === 1 ? " is" : "s are"} available for this session.`,
    { event_session_id: id, start_datetime: row.startDatetime.toISOString(), available },
  );
}

async function groupError(tx: Executor, id: string): Promise<Error> {
  const [row] = await tx.select().from(s.ticketGroup).where(eq(s.ticketGroup.id, id));
  const available = row ? availableCapacity(row) : 0;
  if (available === 0) {
    return reserveError("ticket_group_sold_out", "Tickets have sold out.", {
      ticket_group_id: id,
      available: 0,
    });
  }
  return reserveError(
    "ticket_group_capacity_exceeded",
    `Only ${available} ticket${available === 1 ? " is" : "s are"} available.`,
    { ticket_group_id: id, available },
  );
}

/** Places fit: unlimited capacity, or used + n within capacity + oversell. */
const fitsSql = (n: Placeholder) =>
  sql`(capacity < 0 or used_capacity + ${n}::integer <= capacity + oversell_capacity)`;

/**
 * Places a session gives back while people wait on its list stay counted and go to the list
 * (event_session.waiting_list_places), in the transaction that frees them, so no shopper can take
 * them before the list's offers do (services/waiting-list/offers.ts).
 */
const someoneWaits = sql`exists (select 1 from waiting_list_entry w
  where w.event_session_id = event_session.id and w.state = 'waiting')`;

/** A row's UPDATE; `id` and `n` are placeholders, `taking` whether n > 0 (the statement's shape). */
function updateSql(
  table: "event_session" | "ticket_group",
  id: Placeholder,
  n: Placeholder,
  taking: boolean,
): SQL {
  if (table === "event_session" && !taking) {
    return sql`update event_session set
      used_capacity = used_capacity + case when ${someoneWaits} then 0 else ${n}::integer end,
      waiting_list_places = waiting_list_places + case when ${someoneWaits} then -(${n}::integer) else 0 end
    where id = ${id}
    returning id, capacity, used_capacity, oversell_capacity, sold_out`;
  }
  const guard = !taking
    ? sql``
    : table === "event_session"
      ? sql` and not sold_out and ${fitsSql(n)}`
      : sql` and ${fitsSql(n)}`;
  const soldOut = table === "event_session" ? sql`sold_out` : sql`false`;
  return sql`update ${sql.identifier(table)} set used_capacity = used_capacity + ${n}::integer
    where id = ${id}${guard}
    returning id, capacity, used_capacity, oversell_capacity, ${soldOut} as sold_out`;
}

/** The columns the statement answers, one row per changed counter row. */
const answered = {
  kind: sql<"s" | "g">`kind`.as("kind"),
  id: sql<string>`id`.as("id"),
  capacity: sql<number>`capacity`.as("capacity"),
  usedCapacity: sql<number>`used_capacity`.as("used_capacity"),
  oversellCapacity: sql<number>`oversell_capacity`.as("oversell_capacity"),
  soldOut: sql<boolean>`sold_out`.as("sold_out"),
};

interface Step {
  kind: "s" | "g";
  id: string;
  n: number;
}

function steps(sessions: Deltas, groups: Deltas): Step[] {
  return [
    ...sortedEntries(sessions).map(([id, n]) => ({ kind: "s" as const, id, n })),
    ...sortedEntries(groups).map(([id, n]) => ({ kind: "g" as const, id, n })),
  ];
}

/**
 * The one statement: a conditional UPDATE per row, in order, answering the fresh counters. With
 * `refuse`, a taking UPDATE that matched nothing fails the statement (foyer_no_room, migration
 * 0023, its detail naming the row), so the transaction can commit without reading the answer.
 * Built once per shape (the rows' kinds and signs, db/query-shape.ts), the ids and changes bound.
 */
function runCountersStatement(tx: Tx, list: readonly Step[], refuse: boolean) {
  const shape = list.map((step) => `${step.kind}${step.n > 0 ? "+" : "-"}`).join("");
  const values: Record<string, unknown> = {};
  list.forEach((step, i) => {
    values[`id${i}`] = step.id;
    values[`n${i}`] = step.n;
  });
  const build = () => {
    const updates = list.map((step, i) =>
      tx
        .$with(`c${i}`, { id: answered.id })
        .as(
          updateSql(
            step.kind === "s" ? "event_session" : "ticket_group",
            sql.placeholder(`id${i}`),
            sql.placeholder(`n${i}`),
            step.n > 0,
          ),
        ),
    );
    const branches = list.map(
      (step, i) =>
        sql`select ${sql.raw(`'${step.kind}'`)} as kind, id, capacity, used_capacity, oversell_capacity, sold_out from ${sql.identifier(`c${i}`)}`,
    );
    const refusals = refuse
      ? list.flatMap((step, i) =>
          step.n > 0
            ? [
                sql`select foyer_no_room(${sql.raw(`'${step.kind}'`)}, ${sql.placeholder(`id${i}`)}), null, null::integer, null::integer, null::integer, null::boolean
                  where not exists (select 1 from ${sql.identifier(`c${i}`)})`,
              ]
            : [],
        )
      : [];
    const counters = tx
      .$with("counters", answered)
      .as(sql.join([...branches, ...refusals], sql` union all `));
    return tx
      .with(...updates, counters)
      .select()
      .from(counters);
  };
  return runShaped(tx, `cart_take_capacity${refuse ? "_or_fail" : ""}:${shape}`, build, values);
}

function freshCounters(rows: readonly Record<keyof typeof answered, unknown>[]): FreshCounters {
  const fresh: FreshCounters = { sessions: new Map(), groups: new Map() };
  for (const r of rows) {
    const counters: Counters = {
      capacity: Number(r.capacity),
      usedCapacity: Number(r.usedCapacity),
      oversellCapacity: Number(r.oversellCapacity),
      soldOut: r.soldOut === true,
    };
    (r.kind === "s" ? fresh.sessions : fresh.groups).set(String(r.id), counters);
  }
  return fresh;
}

/**
 * Applies net changes in one statement: sessions sorted by id, then groups sorted by id. A
 * positive change takes places (409 when they do not fit); a negative one gives them back.
 * Built once per shape (runCountersStatement), prepared on its connection like every query.
 */
export async function applyCapacityDeltas(tx: Tx, sessions: Deltas, groups: Deltas): Promise<FreshCounters> {
  const list = steps(sessions, groups);
  if (!list.length) return { sessions: new Map(), groups: new Map() };
  const fresh = freshCounters(await runCountersStatement(tx, list, false));
  for (const step of list) {
    const done = (step.kind === "s" ? fresh.sessions : fresh.groups).has(step.id);
    if (done || step.n <= 0) continue;
    throw step.kind === "s" ? await sessionError(tx, step.id) : await groupError(tx, step.id);
  }
  return fresh;
}

/**
 * The same changes as the last statement of a transaction committed without reading its answer
 * (db/last-statements.ts): a change that does not fit fails the statement, which rolls the
 * transaction back, and the answer is the same 409 as applyCapacityDeltas', told from the row as
 * `owner` (the database, outside the failed transaction) reads it.
 */
export function takeCapacityAtCommit(
  tx: Tx,
  owner: Executor,
  sessions: Deltas,
  groups: Deltas,
): Promise<FreshCounters> {
  const list = steps(sessions, groups);
  if (!list.length) return Promise.resolve({ sessions: new Map(), groups: new Map() });
  return runCountersStatement(tx, list, true).then(freshCounters, async (error: unknown) => {
    const [kind, ...id] = (postgresError(error, "FY409")?.detail ?? "").split(":");
    if (kind === "s") throw await sessionError(owner, id.join(":"));
    if (kind === "g") throw await groupError(owner, id.join(":"));
    throw error;
  });
}

/** The counter changes that giving back `tickets` makes (negative deltas). */
export function releaseDeltas(
  tickets: readonly { eventSessionId: string | null; countsAgainstSession: boolean; ticketGroupId: string }[],
  sessions: Deltas = new Map(),
  groups: Deltas = new Map(),
): { sessions: Deltas; groups: Deltas } {
  for (const t of tickets) {
    if (t.eventSessionId && t.countsAgainstSession) addDelta(sessions, t.eventSessionId, -1);
    addDelta(groups, t.ticketGroupId, -1);
  }
  return { sessions, groups };
}
