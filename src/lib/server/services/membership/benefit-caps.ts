/**
 * What remains of a member's benefits in the current term (spec 1 §5 "per type the lowest of 1000,
 * the type's limit and the remaining member benefit"), for the reserve steppers: the benefits of
 * the identity's current memberships (the larger limit of each pool) minus their held and booked
 * tickets of the term. The reserve itself checks again under a lock (reserve-rules.ts).
 */
import { and, eq, gt, lte } from "drizzle-orm";
import {
  mergeBenefits,
  type RemainingBenefit,
  remainingBenefits,
} from "../../../domain/membership/benefits.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { memberTicketCounts } from "./reserve-rules.ts";

export async function viewerRemainingBenefits(
  ex: Executor,
  input: { identityId: string; sellerId: string; now: Date },
): Promise<RemainingBenefit[]> {
  const current = await ex
    .select({ benefits: s.membership.benefits, validFrom: s.membership.validFrom })
    .from(s.membership)
    .where(
      and(
        eq(s.membership.identityId, input.identityId),
        eq(s.membership.sellerId, input.sellerId),
        lte(s.membership.validFrom, input.now),
        gt(s.membership.validTo, input.now),
      ),
    );
  const benefits = mergeBenefits(current.map((m) => m.benefits));
  if (!Object.keys(benefits).length) return [];
  const since = new Date(Math.min(...current.map((m) => m.validFrom.getTime())));
  const counts = await memberTicketCounts(
    ex,
    input.identityId,
    input.sellerId,
    Object.keys(benefits).filter((k) => k !== "*"),
    since,
  );
  return remainingBenefits(benefits, counts);
}
