/**
 * The my-account profile's calls (spec 2 §3, §5, §7):
 * | PATCH my/user/{id} | patchUserBody (auth-schemas.ts); the profile fields in additional_info follow
 *   profileInfoPatch; first_name/last_name are 400 read_only_field; under prevent_membership_updates a
 *   member's change is 403 membership_updates_prevented |
 * | GET my/identity/saved_payment_method | savedPaymentMethodEnvelope (membership-renew-schemas.ts) |
 * | DELETE my/identity/saved_payment_method/{id} | the remaining methods; 404 for another's or an
 *   unknown id; 409 saved_method_in_use while an enrolled membership renews with it |
 */
import { z } from "zod";
import { FIELD_MAX, PHONE_MAX, ZIP_PATTERN } from "../../domain/account/profile.ts";
import { POST_CODE_INVALID } from "../../domain/identity-custom-fields.ts";

const field = (max: number) => z.string().trim().max(max);

/** The profile keys of additional_info in a PATCH; a null state clears it (the only clearable field). */
export const profileInfoPatch = z.object({
  phone: field(PHONE_MAX).optional(),
  address: field(FIELD_MAX).optional(),
  city: field(FIELD_MAX).optional(),
  country: field(FIELD_MAX).optional(),
  state: field(FIELD_MAX).nullable().optional(),
  zip_code: z.string().trim().regex(ZIP_PATTERN, POST_CODE_INVALID).optional(),
});
export type ProfileInfoPatch = z.infer<typeof profileInfoPatch>;

export const savedMethodParams = z.object({ id: z.string().min(1).max(200) });
export const sellerQuery = z.object({ _seller: z.string().max(200).optional() });
