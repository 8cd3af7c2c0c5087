/**
 * Joining a sold-out session's waiting list, leaving it, and a person's place in it
 * (domain/waiting-list/rules.ts). Joining needs the list on for the event (the tenant's
 * `web.waiting_list.events`), the session not started and sold out for the party, ticket types of
 * the session's event, and one live entry per e-mail; it is rate limited per address like the other
 * lookups. The answer carries the leave link's token, shown once (only its hash is kept).
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import { isSoldOut } from "../../../domain/availability.ts";
import {
  inLineOrder,
  isListOpen,
  listIsOn as listIsOnFor,
  positionOf,
  WAITING_LIST_HANDLERS,
  WAITING_LIST_MAX_PARTY,
} from "../../../domain/waiting-list/rules.ts";
import type { Tenant } from "../../../tenant/schema.ts";
import type { Db } from "../../db/client.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { fail, notFound, validationFailed } from "../../errors/api-error.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { joinedMail } from "../../mail/waiting-list-mails.ts";
import { addressBucket, hitRateLimit, perAddress, type RateLimitRule } from "../../security/rate-limit.ts";
import { hashToken, newToken } from "../../security/tokens.ts";
import { endEntry, offerFreedPlaces } from "./offers.ts";

const JOINS_PER_ADDRESS: RateLimitRule = { limit: 10, windowSeconds: 15 * 60 };

const partySize = (lines: readonly { quantity: number }[]) => lines.reduce((n, l) => n + l.quantity, 0);
const LIVE = ["waiting", "offered"];

export const joinInput = z
  .object({
    sessionId: z.string().min(1).max(100),
    email: z.email().max(254),
    tickets: z
      .array(
        z.object({ ticketTypeId: z.string().min(1).max(100), quantity: z.number().int().min(0) }).strict(),
      )
      .max(20),
    identityId: z.string().max(100).optional(),
  })
  .strict()
  .transform((input) => ({ ...input, tickets: input.tickets.filter((line) => line.quantity > 0) }))
  .refine((input) => input.tickets.length > 0, { message: "Choose at least one ticket.", path: ["tickets"] })
  .refine((input) => partySize(input.tickets) <= WAITING_LIST_MAX_PARTY, {
    message: `At most ${WAITING_LIST_MAX_PARTY} tickets.`,
    path: ["tickets"],
  })
  .refine((input) => new Set(input.tickets.map((l) => l.ticketTypeId)).size === input.tickets.length, {
    message: "Each ticket type once.",
    path: ["tickets"],
  });
export type JoinInput = z.input<typeof joinInput>;

export interface Joined {
  entryId: string;
  position: number;
  leaveToken: string;
}

type ListTenant = Pick<
  Tenant,
  "slug" | "name" | "locale" | "timezone" | "strings" | "theme" | "languages"
> & {
  language?: string;
  web: Pick<Tenant["web"], "waiting_list">;
};

/** Whether the tenant keeps a waiting list for this event. */
export function listIsOn(tenant: ListTenant, eventId: string): boolean {
  return listIsOnFor(tenant.web.waiting_list.events, eventId);
}

export async function joinWaitingList(
  db: Executor,
  tenant: ListTenant,
  raw: JoinInput,
  address: string,
  now: Date,
  /**
   * The language the visitor joined in (`tenant` is then the tenant in that language): its mails,
   * the joined one and a later offer, speak it.
   */
  language: string | null = null,
): Promise<Joined> {
  const parsed = joinInput.safeParse(raw);
  if (!parsed.success) throw validationFailed(parsed.error.issues[0]?.message ?? "Invalid request.");
  const input = parsed.data;
  const limit = await hitRateLimit(
    db,
    `waiting_join:${tenant.slug}:${addressBucket(address)}`,
    perAddress(JOINS_PER_ADDRESS),
    now,
  );
  if (!limit.allowed) throw fail("rate_limited");
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(s.eventSession)
      .where(
        and(
          eq(s.eventSession.id, input.sessionId),
          eq(s.eventSession.sellerId, tenant.slug),
          isNull(s.eventSession.retiredAt),
        ),
      );
    if (!session) throw notFound("event_session", input.sessionId);
    if (!listIsOn(tenant, session.eventTemplateId)) throw fail("waiting_list_off");
    if (!isListOpen(now, session.startDatetime)) throw fail("waiting_list_closed");
    const quantity = partySize(input.tickets);
    if (!isSoldOut(session, quantity)) throw fail("waiting_list_not_sold_out");
    const typeIds = input.tickets.map((l) => l.ticketTypeId);
    const types = await tx
      .select({ id: s.ticketType.id, handler: s.ticketGroup.handler })
      .from(s.ticketType)
      .innerJoin(s.ticketGroup, eq(s.ticketGroup.id, s.ticketType.ticketGroupId))
      .where(
        and(
          inArray(s.ticketType.id, typeIds),
          eq(s.ticketGroup.eventTemplateId, session.eventTemplateId),
          isNull(s.ticketType.retiredAt),
        ),
      );
    if (
      types.length !== typeIds.length ||
      types.some((type) => !WAITING_LIST_HANDLERS.includes(type.handler))
    ) {
      throw validationFailed("Choose ticket types of this event.", { field: "ticket_type_ids" });
    }
    const live = await liveEntries(tx, session.id);
    if (live.some((e) => e.email.toLowerCase() === input.email.toLowerCase())) {
      throw fail("waiting_list_already_joined");
    }
    const leaveToken = newToken();
    const entryId = randomUUID();
    await insertEntry(tx, {
      id: entryId,
      sellerId: tenant.slug,
      eventSessionId: session.id,
      email: input.email,
      identityId: input.identityId ?? null,
      quantity,
      lines: input.tickets,
      state: "waiting",
      joinedAt: now,
      leaveTokenHash: hashToken(leaveToken),
      language,
    });
    const position =
      positionOf([...live, { id: entryId, quantity, joinedAt: now }], entryId) ?? live.length + 1;
    const [event] = await tx
      .select({ name: s.eventTemplate.name })
      .from(s.eventTemplate)
      .where(eq(s.eventTemplate.id, session.eventTemplateId));
    await enqueueMail(
      tx,
      joinedMail({
        tenant,
        sellerId: session.sellerId,
        to: input.email,
        entryId,
        eventName: event?.name ?? "",
        sessionStart: session.startDatetime,
        count: quantity,
        position,
        leaveToken,
      }),
      now,
    );
    return { entryId, position, leaveToken };
  });
}

/** The unique index settles two joins of one e-mail at once: the second is already joined. */
async function insertEntry(tx: Executor, row: typeof s.waitingListEntry.$inferInsert): Promise<void> {
  try {
    await tx.insert(s.waitingListEntry).values(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw fail("waiting_list_already_joined");
    throw error;
  }
}

async function liveEntries(tx: Executor, sessionId: string) {
  return inLineOrder(
    await tx
      .select({
        id: s.waitingListEntry.id,
        email: s.waitingListEntry.email,
        quantity: s.waitingListEntry.quantity,
        joinedAt: s.waitingListEntry.joinedAt,
      })
      .from(s.waitingListEntry)
      .where(and(eq(s.waitingListEntry.eventSessionId, sessionId), inArray(s.waitingListEntry.state, LIVE))),
  );
}

/**
 * The leave link: the entry ends as `left` (an offer's held places go to the next person); a
 * second use, or an unknown token, is not found.
 */
export async function leaveWaitingList(
  db: Db,
  sellerId: string,
  token: string,
  now: Date,
): Promise<{ entryId: string }> {
  if (!token || token.length > 200) throw notFound("waiting_list_entry", "token");
  const left = await db.transaction(async (tx) => {
    const [entry] = await tx
      .select()
      .from(s.waitingListEntry)
      .where(
        and(
          eq(s.waitingListEntry.sellerId, sellerId),
          eq(s.waitingListEntry.leaveTokenHash, hashToken(token)),
          inArray(s.waitingListEntry.state, LIVE),
        ),
      )
      .for("update");
    if (entry) await endEntry(tx, entry, "left", now);
    return entry;
  });
  if (!left) throw notFound("waiting_list_entry", "token");
  if (left.state === "offered") await offerFreedPlaces(db, left.eventSessionId, now);
  return { entryId: left.id };
}

/** A person's place in the line (1-based), or null once their entry is no longer waiting. */
export async function waitingPosition(
  db: Executor,
  sellerId: string,
  entryId: string,
): Promise<number | null> {
  const [entry] = await db
    .select()
    .from(s.waitingListEntry)
    .where(and(eq(s.waitingListEntry.id, entryId), eq(s.waitingListEntry.sellerId, sellerId)));
  if (!entry || !LIVE.includes(entry.state)) return null;
  return positionOf(await liveEntries(db, entry.eventSessionId), entryId);
}
