/**
 * Guests of the API family's clients:
 * - POST user without a password stores a guest identity of the seller and answers its id; no
 *   session is opened. An identity with the e-mail already there is the same 409 `identity_exists`
 *   (its id in _extra) as POST user with a password answers: the client checks out with that id.
 * - guest_checkout's `guest_identity_id` names such a guest. Only a guest identity of the cart's
 *   seller is accepted; a user account, a giftee, the public identity, another seller's identity
 *   and an unknown id are all the same 422 `guest_identity_invalid`, so the call neither attaches
 *   an order to an account nor tells which ids exist.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { createUserBody } from "../../../api/auth/schemas.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { fail } from "../../errors/api-error.ts";
import { identityExists } from "../auth/errors.ts";
import { identityByEmail } from "../auth/users.ts";

type GuestInput = Omit<z.infer<typeof createUserBody>, "password">;

export async function createGuestIdentity(
  ex: Executor,
  sellerId: string,
  body: GuestInput,
  now: Date,
): Promise<string> {
  const existing = await identityByEmail(ex, sellerId, body.email);
  if (existing) throw identityExists(existing.id);
  const id = randomUUID();
  const inserted = await ex
    .insert(s.identity)
    .values({
      id,
      sellerId,
      kind: "guest",
      email: body.email.trim(),
      firstName: body.first_name,
      lastName: body.last_name,
      additionalInfo: body.additional_info ?? null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: s.identity.id });
  if (!inserted.length) {
    const raced = await identityByEmail(ex, sellerId, body.email);
    throw identityExists(raced?.id ?? "");
  }
  return id;
}

export const guestIdentityInvalid = () =>
  fail("guest_identity_invalid", { extra: { field: "guest_identity_id" } });

/** The guest identity `id` of the seller, else guestIdentityInvalid (one answer for every refusal). */
export async function guestIdentityOf(ex: Executor, sellerId: string, id: string): Promise<string> {
  const [row] = await ex
    .select({ id: s.identity.id })
    .from(s.identity)
    .where(and(eq(s.identity.id, id), eq(s.identity.sellerId, sellerId), eq(s.identity.kind, "guest")))
    .limit(1);
  if (!row) throw guestIdentityInvalid();
  return row.id;
}
