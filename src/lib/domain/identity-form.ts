/**
 * The purchaser identity form (spec 1 §5): first_name and last_name required, max 50; email
 * required, max 254; email_confirm equal to email ignoring case ('Email addresses must match.').
 * Text fields are trimmed. The e-mail pattern is the one the API checks (zod's), so a form that
 * passes here is never refused by the server for its shape.
 */
export const NAME_MAX = 50;
export const EMAIL_MAX = 254;
export const EMAIL_MISMATCH = "Email addresses must match.";

export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export type IdentityField = "first_name" | "last_name" | "email" | "email_confirm";
export const IDENTITY_FIELDS: readonly IdentityField[] = [
  "first_name",
  "last_name",
  "email",
  "email_confirm",
];
export type IdentityInput = Record<IdentityField, string>;
/** Why a field is refused; the island turns these into the tenant's texts. */
export type IdentityError = "required" | "tooLong" | "invalidEmail" | "emailMismatch";

export interface PurchaserIdentity {
  first_name: string;
  last_name: string;
  email: string;
}

export type IdentityCheck =
  | { ok: true; identity: PurchaserIdentity }
  | { ok: false; errors: Partial<Record<IdentityField, IdentityError>> };

export const emptyIdentity = (): IdentityInput => ({
  first_name: "",
  last_name: "",
  email: "",
  email_confirm: "",
});

function checkText(value: string, max: number): IdentityError | null {
  if (value.length === 0) return "required";
  return value.length > max ? "tooLong" : null;
}

/** Trims every field and applies the rules; the identity sent to the API is the trimmed one. */
export function validateIdentity(input: IdentityInput): IdentityCheck {
  const v = {
    first_name: input.first_name.trim(),
    last_name: input.last_name.trim(),
    email: input.email.trim(),
    email_confirm: input.email_confirm.trim(),
  };
  const errors: Partial<Record<IdentityField, IdentityError>> = {};
  const first = checkText(v.first_name, NAME_MAX);
  if (first) errors.first_name = first;
  const last = checkText(v.last_name, NAME_MAX);
  if (last) errors.last_name = last;
  const email = checkText(v.email, EMAIL_MAX) ?? (EMAIL_PATTERN.test(v.email) ? null : "invalidEmail");
  if (email) errors.email = email;
  if (v.email_confirm.length === 0) errors.email_confirm = "required";
  else if (v.email_confirm.toLowerCase() !== v.email.toLowerCase()) errors.email_confirm = "emailMismatch";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, identity: { first_name: v.first_name, last_name: v.last_name, email: v.email } };
}

/** The first refused field in form order (focus goes there). */
export function firstInvalidField(
  errors: Partial<Record<IdentityField, IdentityError>>,
): IdentityField | null {
  return IDENTITY_FIELDS.find((field) => errors[field] !== undefined) ?? null;
}
