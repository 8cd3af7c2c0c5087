/**
 * POST giftee (spec 1 §3 "Giftee payload", §7): the recipient of a gift of membership as
 * an identity of the seller (kind `giftee`), made fresh for every call with the names and e-mail the
 * gift buyer typed. It never reuses another identity with that e-mail: answering the id of a user's
 * account would let anyone with an e-mail address read that account's name through the cart's
 * `giftee` (or the gift's completion page). So the giftee's e-mail is kept in its additional_info
 * (`giftee_email`), not in `identity.email`, which is unique per seller and identifies accounts
 * for login, guest checkout and resend; a giftee record is never any of those.
 *
 * Gifting to oneself is refused (spec 2 §5 "A giftee e-mail equal to the buyer's e-mail is blocked:
 * 'You cannot gift a membership to yourself'"): here for a logged-in caller, at guest checkout for
 * a guest (the buyer's e-mail is known only then). The code is `validate_not_email`, the one the
 * membership form turns into its message with the link to buy or renew (spec 1 §5, §8).
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { fail, validationFailed } from "../../errors/api-error.ts";
import { errorText } from "../../errors/catalogue.ts";

/** Where a giftee identity keeps the recipient's e-mail (see the header). */
export const GIFTEE_EMAIL_KEY = "giftee_email";

/** The e-mail a gift goes to: a giftee identity's `giftee_email`. */
export function gifteeEmail(row: {
  kind: string;
  email: string | null;
  additionalInfo: Record<string, unknown> | null;
}): string | null {
  if (row.kind !== "giftee") return null;
  const value = row.additionalInfo?.[GIFTEE_EMAIL_KEY];
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

export const SELF_GIFT_TEXT = errorText("validate_not_email");

export const selfGiftRefused = () => fail("validate_not_email", { extra: { field: "email" } });

export interface GifteeInput {
  first_name: string;
  last_name: string;
  email: string;
  additional_info?: Record<string, unknown> | undefined;
}

const sameEmail = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

async function emailOf(ex: Executor, identityId: string): Promise<string | null> {
  const [row] = await ex
    .select({ email: s.identity.email })
    .from(s.identity)
    .where(eq(s.identity.id, identityId));
  return row?.email ?? null;
}

/** Creates or reuses the giftee identity; refuses the logged-in caller's own e-mail. */
export async function createGiftee(
  db: Db,
  sellerId: string,
  callerIdentityId: string | null,
  person: GifteeInput,
  now: Date,
): Promise<string> {
  const email = person.email.trim();
  return db.transaction(async (tx) => {
    if (callerIdentityId && sameEmail(await emailOf(tx, callerIdentityId), email)) throw selfGiftRefused();
    const id = randomUUID();
    await tx.insert(s.identity).values({
      id,
      sellerId,
      kind: "giftee",
      email: null,
      firstName: person.first_name.trim(),
      lastName: person.last_name.trim(),
      additionalInfo: { ...(person.additional_info ?? {}), [GIFTEE_EMAIL_KEY]: email },
      createdAt: now,
    });
    return id;
  });
}

/**
 * Cart modify with `giftee`: the identity must be the seller's and not the caller's own (nor
 * carry the caller's e-mail). Nothing to check when the body names no giftee.
 */
export async function assertGiftee(
  ex: Executor,
  sellerId: string,
  gifteeId: string | undefined,
  callerIdentityId: string | null,
): Promise<void> {
  if (!gifteeId) return;
  const [row] = await ex
    .select({
      id: s.identity.id,
      sellerId: s.identity.sellerId,
      kind: s.identity.kind,
      email: s.identity.email,
      additionalInfo: s.identity.additionalInfo,
    })
    .from(s.identity)
    .where(eq(s.identity.id, gifteeId));
  // Only a giftee record made by POST giftee: never someone's account.
  if (!row || row.sellerId !== sellerId || row.kind !== "giftee") {
    throw validationFailed("The gift recipient is not known.", { field: "giftee" }, "giftee");
  }
  if (
    callerIdentityId &&
    (row.id === callerIdentityId || sameEmail(await emailOf(ex, callerIdentityId), gifteeEmail(row)))
  ) {
    throw selfGiftRefused();
  }
}

/** Guest checkout of a gift: the buyer's e-mail must not be the giftee's. */
export async function assertNotSelfGift(
  ex: Executor,
  gifteeId: string | undefined,
  buyer: { id: string; email: string | null },
): Promise<void> {
  if (!gifteeId) return;
  if (gifteeId === buyer.id) throw selfGiftRefused();
  const [row] = await ex.select().from(s.identity).where(eq(s.identity.id, gifteeId));
  if (row && sameEmail(gifteeEmail(row), buyer.email)) throw selfGiftRefused();
}

/** The cart's giftee as the cart shows it (spec 1 §3 "giftee (id, name, email)"), or null. */
export async function gifteeOf(
  ex: Executor,
  cart: { sellerId: string; membershipOptions: { gifteeIdentityId?: string } },
): Promise<{ id: string; name: string; email: string | null } | null> {
  const id = cart.membershipOptions.gifteeIdentityId;
  if (!id) return null;
  const [row] = await ex.select().from(s.identity).where(eq(s.identity.id, id));
  if (!row || row.sellerId !== cart.sellerId || row.kind !== "giftee") return null;
  return {
    id: row.id,
    name: [row.firstName, row.lastName].filter(Boolean).join(" "),
    email: gifteeEmail(row),
  };
}
