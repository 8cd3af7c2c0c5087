/**
 * The demo's staff: an admin, a box office member (refunds up to 100.00), a gate and a viewer for
 * each demo tenant, with the passwords the README lists. Demo mode asks no second factor; one can
 * be set up from the back office.
 */
import { inArray } from "drizzle-orm";
import type { StaffRole } from "../../../domain/admin/roles.ts";
import { hashPassword } from "../../services/auth/passwords.ts";
import type { Executor } from "../executor.ts";
import { seller, staffAccount } from "../schema.ts";

export const DEMO_STAFF_PASSWORD = "Backoffice-2026";

const ROLES: { role: StaffRole; local: string; name: string; refundLimit: number | null }[] = [
  { role: "admin", local: "admin", name: "Alex Admin", refundLimit: null },
  { role: "box_office", local: "boxoffice", name: "Bea Box Office", refundLimit: 10_000 },
  { role: "gate", local: "gate", name: "Gus Gate", refundLimit: null },
  { role: "viewer", local: "viewer", name: "Vera Viewer", refundLimit: null },
];

export const DEMO_STAFF_SELLERS = ["harbour-museum", "riverside-zoo"] as const;

export function demoStaffEmail(sellerId: string, role: StaffRole): string {
  const local = ROLES.find((r) => r.role === role)?.local ?? role;
  return `${local}@${sellerId}.example`;
}

export async function seedDemoStaff(tx: Executor, now: Date): Promise<void> {
  const present = new Set(
    (
      await tx
        .select({ id: seller.id })
        .from(seller)
        .where(inArray(seller.id, [...DEMO_STAFF_SELLERS]))
    ).map((r) => r.id),
  );
  const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD);
  const rows = [...present].flatMap((sellerId) =>
    ROLES.map((r) => ({
      // Stable ids: the demo is the same database for the same `now`.
      id: `${sellerId}-staff-${r.local}`,
      sellerId,
      email: demoStaffEmail(sellerId, r.role),
      name: r.name,
      role: r.role,
      passwordHash,
      refundLimit: r.refundLimit,
      createdAt: now,
    })),
  );
  if (rows.length > 0) await tx.insert(staffAccount).values(rows).onConflictDoNothing();
}
