/**
 * The identity an order belongs to. A guest's identity is stored at checkout (kind guest), or the
 * seller's identity with the same e-mail (case-insensitive) is reused; the stricter 409 rules for
 * existing accounts are the account calls' (services/auth).
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { checkoutIdentity } from "../../../api/checkout/schemas.ts";
import type { Tx } from "../../db/executor.ts";
import { boundAs, runShaped } from "../../db/query-shape.ts";
import * as s from "../../db/schema.ts";

export type CheckoutIdentity = z.infer<typeof checkoutIdentity>;

export interface OrderIdentity {
  id: string;
  email: string | null;
  firstName: string | null;
}

type IdentityRow = typeof s.identity.$inferSelect;

/**
 * Whether a returning guest gave anything new (a name, a custom field's value). Only then is their
 * row written: an unchanged guest's checkout takes no lock on it, so one e-mail's orders (a school
 * booking its classes, a family at an on-sale) never wait for each other's.
 */
export function guestChanged(row: IdentityRow, person: CheckoutIdentity): boolean {
  if (row.firstName !== person.first_name || row.lastName !== person.last_name) return true;
  const stored = row.additionalInfo ?? {};
  return Object.entries(person.additional_info ?? {}).some(
    ([key, value]) => !Object.hasOwn(stored, key) || JSON.stringify(stored[key]) !== JSON.stringify(value),
  );
}

export async function storeGuestIdentity(
  tx: Tx,
  sellerId: string,
  person: CheckoutIdentity,
  now: Date,
): Promise<OrderIdentity> {
  const email = person.email.trim();
  // Built once per shape (with or without custom fields: a null is written as such, not as JSON).
  const info = person.additional_info ?? null;
  const stored = await runShaped(
    tx,
    `guest_identity_insert:${info ? "info" : "none"}`,
    () =>
      tx
        .insert(s.identity)
        .values({
          id: boundAs<string>("id"),
          sellerId: boundAs<string>("seller"),
          kind: "guest",
          email: boundAs<string>("email"),
          firstName: boundAs<string>("first"),
          lastName: boundAs<string>("last"),
          additionalInfo: info ? boundAs<Record<string, unknown>>("info") : null,
          createdAt: boundAs<Date>("at"),
        })
        .onConflictDoNothing()
        .returning(),
    {
      id: randomUUID(),
      seller: sellerId,
      email,
      first: person.first_name,
      last: person.last_name,
      ...(info ? { info } : {}),
      at: now,
    },
  );
  // A new guest is the row just stored; a returning one (any case of the e-mail) is read.
  const [row] = stored.length
    ? stored
    : await tx
        .select()
        .from(s.identity)
        .where(and(eq(s.identity.sellerId, sellerId), sql`lower(${s.identity.email}) = lower(${email})`));
  if (!row) throw new Error("guest identity not stored");
  if (row.kind === "guest" && guestChanged(row, person)) {
    // The custom fields given now (a ZIP code, a phone) join what the guest gave before.
    const additionalInfo = person.additional_info
      ? { ...(row.additionalInfo ?? {}), ...person.additional_info }
      : row.additionalInfo;
    await tx
      .update(s.identity)
      .set({ firstName: person.first_name, lastName: person.last_name, additionalInfo })
      .where(eq(s.identity.id, row.id));
  }
  return {
    id: row.id,
    email: row.email,
    firstName: row.kind === "guest" ? person.first_name : row.firstName,
  };
}

export async function identityById(tx: Tx, id: string): Promise<OrderIdentity> {
  const [row] = await tx.select().from(s.identity).where(eq(s.identity.id, id));
  return { id, email: row?.email ?? null, firstName: row?.firstName ?? null };
}

/**
 * A logged-in buyer's custom identity fields from the checkout form (spec 2 §5), merged into their
 * identity's additional_info (the values given now win), so membership creation finds the ZIP code.
 */
export async function mergeAdditionalInfo(
  tx: Tx,
  identityId: string,
  info: Record<string, unknown> | undefined,
): Promise<void> {
  if (!info || Object.keys(info).length === 0) return;
  const [row] = await tx
    .select({ additionalInfo: s.identity.additionalInfo })
    .from(s.identity)
    .where(eq(s.identity.id, identityId));
  if (!row) return;
  await tx
    .update(s.identity)
    .set({ additionalInfo: { ...(row.additionalInfo ?? {}), ...info } })
    .where(eq(s.identity.id, identityId));
}
