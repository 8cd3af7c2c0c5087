/**
 * Who in the back office may do what. A staff member or an API key has one role per tenant:
 * - admin: everything;
 * - box_office: orders, desk sales, sessions' waiting lists, and refunds up to the limit an admin
 *   sets;
 * - gate: check-in only;
 * - viewer: figures only (the on-sale line's figures among them).
 * Watching an on-sale waiting room is for everyone who reads figures (its counts name nobody);
 * pausing it or changing its rate steers the whole sale, so it is an admin's call.
 * The admin API and the back office pages ask the same question, `allows(role, action)`.
 */
import { z } from "zod";

export const STAFF_ROLES = ["admin", "box_office", "gate", "viewer"] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

export const ADMIN_ACTIONS = [
  "figures.read",
  "sessions.read",
  "sessions.change",
  "orders.read",
  "orders.change",
  "orders.refund",
  "desk.sell",
  "members.read",
  "members.change",
  "gate.scan",
  "staff.manage",
  "keys.manage",
  "audit.read",
  "waiting_list.read",
  "waiting_list.change",
  "waiting_room.read",
  "waiting_room.change",
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

const GRANTS: Record<StaffRole, readonly AdminAction[]> = {
  admin: ADMIN_ACTIONS,
  box_office: [
    "figures.read",
    "sessions.read",
    "orders.read",
    "orders.change",
    "orders.refund",
    "desk.sell",
    "members.read",
    "members.change",
    "gate.scan",
    "waiting_list.read",
    "waiting_list.change",
    "waiting_room.read",
  ],
  // Waiting lists carry visitors' e-mails: not for the gate or the viewer.
  gate: ["sessions.read", "gate.scan"],
  // Figures only: no attendee lists, which carry visitors' names and e-mails.
  viewer: ["figures.read", "waiting_room.read"],
};

export function allows(role: StaffRole, action: AdminAction): boolean {
  return GRANTS[role].includes(action);
}

/** The roles that must log in with a second factor in production mode. */
export function needsSecondFactor(role: StaffRole): boolean {
  return role === "admin" || role === "box_office";
}

/**
 * Whether a refund of `amount` minor units is within the actor's limit: admins have none; a box
 * office member has the limit an admin set (null: none set, so no refund above zero).
 */
export function refundWithinLimit(role: StaffRole, limit: number | null, amount: number): boolean {
  if (role === "admin") return true;
  if (role !== "box_office") return false;
  return limit !== null && amount <= limit;
}

/** The one who acts: a staff member or an API key, always of one tenant. */
export interface StaffActor {
  kind: "staff" | "api_key";
  id: string;
  name: string;
  sellerId: string;
  role: StaffRole;
  /** Box office refunds up to this many minor units; null when the role has no limit set. */
  refundLimit: number | null;
}
