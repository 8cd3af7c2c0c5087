/**
 * Members-only ticket groups (spec 1 §6): a `public_member_only` group shows and sells to a member
 * whose role name matches one of the group's ticket type names, or through a wildcard type ("*")
 * open to every current member. Pure: the roles come from the visitor's current memberships.
 */

/** The type name that opens a members-only group to every role. */
export const WILDCARD_TYPE = "*";

const key = (name: string) => name.trim().toLowerCase();

export function memberMayBuyGroup(roles: readonly string[], typeNames: readonly string[]): boolean {
  if (roles.length === 0) return false;
  const names = new Set(typeNames.map(key));
  return names.has(WILDCARD_TYPE) || roles.some((r) => names.has(key(r)));
}
