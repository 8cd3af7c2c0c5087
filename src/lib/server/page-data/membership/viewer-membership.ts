/**
 * What the event page needs of the visitor's membership with the seller, in one call: the roles of
 * their current memberships (they open members-only groups), and, on a members-only event, the
 * renewal notice, the remaining benefits and the member event limit's remainder. The runtime and
 * the seller are resolved once for all four reads. Services are called directly: these are
 * personal reads with no API resource of their own.
 */
import type { RemainingBenefit } from "../../../domain/membership/benefits.ts";
import type { RenewalNotice } from "../../../domain/membership/renewal.ts";
import { getRuntime } from "../../runtime.ts";
import { cachedSeller } from "../../services/cart/static-rows.ts";
import { viewerRemainingBenefits } from "../../services/membership/benefit-caps.ts";
import { viewerEventRemaining } from "../../services/membership/event-limit.ts";
import { viewerRenewalNotice } from "../../services/membership/renewal-notice.ts";
import { currentMemberRoles } from "../../services/membership/roles.ts";
import type { Viewer } from "../visitor.ts";

export interface ViewerMembership {
  /** The roles of the visitor's current memberships (none for anonymous visitors). */
  roles: string[];
  /** 'expired' or 'expires' before the event's first date (spec 1 §6), else null. */
  renewal: RenewalNotice | null;
  /** The member's remaining benefits per pool (empty: no limit). */
  benefits: RemainingBenefit[];
  /** What remains of the member's per-event limit for this event (null: none). */
  eventRemaining: number | null;
}

const NONE: ViewerMembership = { roles: [], renewal: null, benefits: [], eventRemaining: null };

/**
 * The visitor's membership as the event page shows it. `membersOnlyEvent` settles once the event
 * is read: the roles are read meanwhile, and the rest only for a members-only event.
 */
export async function viewerMembership(
  viewer: Viewer | null | undefined,
  sellerSlug: string,
  eventTemplateId: string,
  membersOnlyEvent: Promise<boolean>,
): Promise<ViewerMembership> {
  if (!viewer) return NONE;
  const { handle, clock } = await getRuntime();
  const db = handle.db;
  const now = clock.now();
  const seller = await cachedSeller(db, sellerSlug);
  const member = { identityId: viewer.identityId, sellerId: seller.id, now };
  const roles = await currentMemberRoles(db, viewer.identityId, seller.id, now);
  if (!(await membersOnlyEvent)) return { ...NONE, roles };
  const [renewal, benefits, eventRemaining] = await Promise.all([
    viewerRenewalNotice(db, { ...member, eventTemplateId }),
    roles.length ? viewerRemainingBenefits(db, member) : [],
    roles.length ? viewerEventRemaining(db, { ...member, eventTemplateId }) : null,
  ]);
  return { roles, renewal, benefits, eventRemaining };
}
