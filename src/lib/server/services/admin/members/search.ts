/**
 * Finding members at the desk: by member ID (the scan code, whole, any case), or by part of the
 * member's name, the cardholder's last name, or the account's e-mail. One row per membership term,
 * the latest term first; at most SEARCH_LIMIT rows.
 */
import { and, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { StaffActor } from "../../../../domain/admin/roles.ts";
import type { Executor } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { assertAllowed, parseInput } from "../permit.ts";
import { type SearchMembersInput, searchMembersInput } from "./schemas.ts";

export const SEARCH_LIMIT = 50;

export interface MemberHit {
  membershipId: string;
  scanCode: string;
  name: string;
  lastName: string;
  role: string;
  email: string | null;
  program: string | null;
  level: string | null;
  validFrom: string;
  validTo: string;
  autoRenewState: string | null;
  ticketOrderId: string | null;
}

/** LIKE's wildcards and its escape character, taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Members matching `q`. Roles: members.read. */
export async function searchMembers(
  db: Executor,
  actor: StaffActor,
  input: SearchMembersInput,
  _now: Date,
): Promise<MemberHit[]> {
  assertAllowed(actor, "members.read");
  const { q } = parseInput(searchMembersInput, input);
  const part = `%${likeLiteral(q)}%`;
  const rows = await db
    .select({
      membership: s.membership,
      email: s.identity.email,
      program: s.ticketGroup.name,
      level: s.ticketType.name,
    })
    .from(s.membership)
    .innerJoin(s.identity, eq(s.identity.id, s.membership.identityId))
    .leftJoin(s.ticketGroup, eq(s.ticketGroup.id, s.membership.ticketGroupId))
    .leftJoin(s.ticketType, eq(s.ticketType.id, s.membership.ticketTypeId))
    .where(
      and(
        eq(s.membership.sellerId, actor.sellerId),
        or(
          sql`upper(${s.membership.scanCode}) = upper(${q})`,
          ilike(s.membership.name, part),
          ilike(s.membership.lastName, part),
          ilike(s.identity.email, part),
        ),
      ),
    )
    .orderBy(desc(s.membership.validTo), s.membership.scanCode, s.membership.id)
    .limit(SEARCH_LIMIT);
  return rows.map(({ membership: m, email, program, level }) => ({
    membershipId: m.id,
    scanCode: m.scanCode,
    name: m.name,
    lastName: m.lastName,
    role: m.role,
    email,
    program,
    level,
    validFrom: m.validFrom.toISOString(),
    validTo: m.validTo.toISOString(),
    autoRenewState: m.autoRenewState,
    ticketOrderId: m.ticketOrderId,
  }));
}
