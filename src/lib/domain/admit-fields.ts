/**
 * Admit name and e-mail fields (spec §5 "Full name"): group meta admit_names / admit_emails is
 * 'required', optional (any other value) or 'disabled' (not applicable). A full name is split on
 * spaces: the last word is the last name, the rest the first name; a single word is used for both.
 */

export type AdmitMode = "required" | "optional" | "disabled";

export const ADMIT_NAME_MAX = 101;
export const ADMIT_EMAIL_MAX = 254;

export function admitMode(value: unknown): AdmitMode {
  if (value === "required" || value === "disabled") return value;
  if (value === undefined || value === null || value === false) return "disabled";
  return "optional";
}

export function splitFullName(fullName: string): { first: string; last: string } | undefined {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  const last = words[words.length - 1] ?? "";
  if (words.length === 1) return { first: last, last };
  return { first: words.slice(0, -1).join(" "), last };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type AdmitError = "nameRequired" | "emailRequired" | "emailInvalid";

/** Checks one ticket's admit fields against the group's modes. */
export function checkAdmit(
  value: { name: string; email: string },
  modes: { names: AdmitMode; emails: AdmitMode },
): AdmitError[] {
  const errors: AdmitError[] = [];
  if (modes.names === "required" && !splitFullName(value.name)) errors.push("nameRequired");
  const email = value.email.trim();
  if (modes.emails === "required" && email === "") errors.push("emailRequired");
  else if (
    modes.emails !== "disabled" &&
    email !== "" &&
    (!EMAIL.test(email) || email.length > ADMIT_EMAIL_MAX)
  )
    errors.push("emailInvalid");
  return errors;
}
