/**
 * The visitor's member roles: the roles of the identity's current memberships with a seller (one
 * counts while valid_from <= now < valid_to, `now` from the injectable clock). The one lookup the
 * cart's members-only rule and the event page share.
 */
import { and, eq, gt, inArray, lte } from "drizzle-orm";
import { memberMayBuyGroup } from "../../../domain/member-roles.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";

export async function currentMemberRoles(
  ex: Executor,
  identityId: string,
  sellerId: string,
  now: Date,
): Promise<string[]> {
  const rows = await ex
    .selectDistinct({ role: s.membership.role })
    .from(s.membership)
    .where(
      and(
        eq(s.membership.identityId, identityId),
        eq(s.membership.sellerId, sellerId),
        lte(s.membership.validFrom, now),
        gt(s.membership.validTo, now),
      ),
    );
  return rows.map((r) => r.role).sort();
}

/** The ids among `groupIds` whose ticket types open them to one of `roles`. */
export async function groupsOpenToRoles(
  ex: Executor,
  groupIds: readonly string[],
  roles: readonly string[],
): Promise<Set<string>> {
  if (groupIds.length === 0 || roles.length === 0) return new Set();
  const types = await ex
    .select({ groupId: s.ticketType.ticketGroupId, name: s.ticketType.name })
    .from(s.ticketType)
    .where(inArray(s.ticketType.ticketGroupId, [...groupIds]));
  return new Set(
    groupIds.filter((id) =>
      memberMayBuyGroup(
        roles,
        types.filter((t) => t.groupId === id).map((t) => t.name),
      ),
    ),
  );
}
