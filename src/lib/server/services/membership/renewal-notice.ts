/**
 * The event page's renewal message (spec 1 §6): for an event that is members-only (or
 * has members-only groups), the visitor's latest membership with the seller against the event's
 * first available date — 'expired' when it has ended, 'expires' when it ends before that date.
 */
import { and, asc, desc, eq, gt } from "drizzle-orm";
import { type RenewalNotice, renewalNotice } from "../../../domain/membership/renewal.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";

export async function viewerRenewalNotice(
  ex: Executor,
  input: { identityId: string; sellerId: string; eventTemplateId: string; now: Date },
): Promise<RenewalNotice | null> {
  const [latest] = await ex
    .select({ validTo: s.membership.validTo })
    .from(s.membership)
    .where(and(eq(s.membership.identityId, input.identityId), eq(s.membership.sellerId, input.sellerId)))
    .orderBy(desc(s.membership.validTo))
    .limit(1);
  if (!latest) return null;
  const [first] = await ex
    .select({ start: s.eventSession.startDatetime })
    .from(s.eventSession)
    .where(
      and(
        eq(s.eventSession.eventTemplateId, input.eventTemplateId),
        gt(s.eventSession.startDatetime, input.now),
        eq(s.eventSession.soldOut, false),
      ),
    )
    .orderBy(asc(s.eventSession.startDatetime))
    .limit(1);
  return renewalNotice(latest.validTo, first?.start ?? null, input.now);
}
