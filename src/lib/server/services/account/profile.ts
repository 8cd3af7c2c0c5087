/**
 * The my-account profile on the server (spec 2 §3, §5):
 * - `checkProfilePatch` runs before PATCH my/user/{id} stores anything: the name is read-only on the
 *   profile (400 read_only_field), the profile fields of additional_info are validated with zod and
 *   the domain rules (only state may be cleared; state from the country's list), and under the
 *   tenant's `prevent_membership_updates` a member's details are refused (403
 *   membership_updates_prevented). The e-mail stays the set-e-mail flow's (PATCH email), as before.
 * - `removeSavedPaymentMethod`: DELETE my/identity/saved_payment_method/{id}, the owner only (404
 *   otherwise, never telling whose it is); a card an enrolled membership renews with is refused
 *   (409 saved_method_in_use) until auto-renew is cancelled. A removed method is soft-deleted, so
 *   past renewals keep their record.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import { profileInfoPatch } from "../../../api/account/profile-schemas.ts";
import type { patchUserBody } from "../../../api/auth/schemas.ts";
import type { SavedPaymentMethodEnvelope } from "../../../api/membership/renew-schemas.ts";
import {
  PROFILE_FIELDS,
  type ProfileProblem,
  profileEditability,
  profileFieldProblem,
  profileValuesOf,
} from "../../../domain/account/profile.ts";
import { POST_CODE_INVALID } from "../../../domain/identity-custom-fields.ts";
import { AUTO_RENEW_SCHEDULED } from "../../../domain/membership/auto-renew.ts";
import { getTenant } from "../../../tenant/load.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { fail, validationFailed } from "../../errors/api-error.ts";
import { errorText } from "../../errors/catalogue.ts";
import { mySavedPaymentMethods } from "../membership/saved-payment.ts";

/** The PATCH body as the route sees it, plus the name fields the profile must refuse clearly. */
export type ProfilePatchBody = z.infer<typeof patchUserBody> & {
  first_name?: unknown;
  last_name?: unknown;
};

export const READ_ONLY_TEXT = errorText("read_only_field");
export const MEMBERSHIP_UPDATES_PREVENTED_TEXT = errorText("membership_updates_prevented");
export const SAVED_METHOD_IN_USE_TEXT = errorText("saved_method_in_use");

const PROBLEM_TEXT: Record<ProfileProblem, string> = {
  tooLong: "This is too long.",
  invalidZip: POST_CODE_INVALID,
  cannotClear: "This field cannot be cleared.",
  regionRequired: "Choose a state or province.",
  invalidRegion: "Choose a state or province from the list.",
  invalidCountry: "Choose a country from the list.",
};

const PROFILE_KEYS: ReadonlySet<string> = new Set(PROFILE_FIELDS);

/** Throws the API error a profile change deserves; returns when the patch may be stored. */
export async function checkProfilePatch(
  ex: Executor,
  input: { identityId: string; targetId: string; preventMembershipUpdates: boolean; body: ProfilePatchBody },
): Promise<void> {
  const { body } = input;
  for (const key of ["first_name", "last_name"] as const) {
    if (body[key] !== undefined) throw fail("read_only_field", { extra: { field: key } });
  }
  const info = body.additional_info ?? {};
  const touched = Object.keys(info).filter((key) => PROFILE_KEYS.has(key));
  if (!touched.length || input.identityId !== input.targetId) return; // patchUser answers 403 for others
  const parsed = profileInfoPatch.safeParse(Object.fromEntries(touched.map((k) => [k, info[k]])));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw validationFailed(
      issue?.message ?? "Invalid profile.",
      { field: String(issue?.path[0] ?? "") },
      "profile",
    );
  }
  const [row] = await ex.select().from(s.identity).where(eq(s.identity.id, input.identityId));
  if (!row) return;
  const previous = profileValuesOf(row.additionalInfo ?? {});
  if (input.preventMembershipUpdates) {
    const [membership] = await ex
      .select({ id: s.membership.id })
      .from(s.membership)
      .where(eq(s.membership.identityId, input.identityId))
      .limit(1);
    const editable = profileEditability({
      preventMembershipUpdates: true,
      hasMembership: Boolean(membership),
    });
    if (!editable.details) throw fail("membership_updates_prevented");
  }
  const values = { ...previous };
  for (const key of PROFILE_FIELDS) {
    if (Object.hasOwn(parsed.data, key)) values[key] = parsed.data[key] ?? "";
  }
  for (const key of PROFILE_FIELDS) {
    // Only what the patch changes is judged; a stored value left alone stays as it is.
    if (!Object.hasOwn(parsed.data, key) && !(key === "state" && Object.hasOwn(parsed.data, "country")))
      continue;
    const problem = profileFieldProblem(key, values[key], { values, previous });
    if (problem) throw validationFailed(PROBLEM_TEXT[problem], { field: key, problem }, "profile");
  }
}

export async function removeSavedPaymentMethod(
  ex: Executor,
  input: { sellerId: string; identityId: string; methodId: string; now: Date },
): Promise<SavedPaymentMethodEnvelope> {
  const [method] = await ex
    .select({ id: s.savedPaymentMethod.id })
    .from(s.savedPaymentMethod)
    .where(
      and(
        eq(s.savedPaymentMethod.id, input.methodId),
        eq(s.savedPaymentMethod.sellerId, input.sellerId),
        eq(s.savedPaymentMethod.identityId, input.identityId),
        isNull(s.savedPaymentMethod.deletedAt),
      ),
    );
  if (!method)
    throw fail("not_found", {
      description: "Saved payment method not found.",
      context: "saved_payment_method",
    });
  const [inUse] = await ex
    .select({ id: s.membership.id })
    .from(s.membership)
    .where(
      and(
        eq(s.membership.savedPaymentMethodId, method.id),
        eq(s.membership.autoRenewState, AUTO_RENEW_SCHEDULED),
      ),
    )
    .limit(1);
  if (inUse) throw fail("saved_method_in_use");
  await ex
    .update(s.savedPaymentMethod)
    .set({ deletedAt: input.now })
    .where(eq(s.savedPaymentMethod.id, method.id));
  return mySavedPaymentMethods(ex, input.sellerId, input.identityId);
}

/** The check's input from an account call: the tenant's prevent_membership_updates flag. */
export function profilePatchInput(
  call: { seller: { slug: string } },
  identityId: string,
  targetId: string,
  body: ProfilePatchBody,
) {
  const preventMembershipUpdates = getTenant(call.seller.slug)?.web.prevent_membership_updates ?? false;
  return { identityId, targetId, preventMembershipUpdates, body };
}
