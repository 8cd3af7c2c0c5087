/**
 * The my-account profile's identity form (spec 2 §3, §5; spec 1 §5 custom identity fields). Pure
 * rules, no I/O; the island renders them and the server checks the same ones.
 * - name and e-mail are read-only on the profile; phone, address, city, state, country and ZIP are
 *   editable; only state may be cleared (a field with a value cannot be emptied, state can);
 * - phone at most 50 characters, ZIP 4 to 10 letters and digits with an optional space or hyphen,
 *   every other field at most 1000;
 * - country is a select; state (province in Canada) is a select, required only where the country
 *   has a list, and empty elsewhere;
 * - `prevent_membership_updates` (tenant web config): a member's details are not changed online,
 *   so for a user with a membership every field is read-only and the server refuses the change.
 */
import {
  CUSTOM_FIELD_MAX,
  PHONE_MAX,
  POST_CODE_MAX,
  POST_CODE_MIN,
  POST_CODE_PATTERN,
} from "../identity-custom-fields.ts";
import { isKnownCountry, regionsOf } from "./profile-places.ts";

export const PROFILE_FIELDS = ["phone", "address", "city", "country", "state", "zip_code"] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileValues = Record<ProfileField, string>;

/** Identity fields the profile shows but never changes (spec 2 §3). */
export const READ_ONLY_FIELDS = ["first_name", "last_name", "email"] as const;

// One source for the custom-field limits (spec 1 §5), shared with the checkout's identity form.
export { CUSTOM_FIELD_MAX as FIELD_MAX, PHONE_MAX } from "../identity-custom-fields.ts";
export const ZIP_MIN = POST_CODE_MIN;
export const ZIP_MAX = POST_CODE_MAX;
/** Spec 1 §5: letters and digits, with an optional space or hyphen, 4 to 10 characters. */
export const ZIP_PATTERN = new RegExp(
  `^(?=.{${POST_CODE_MIN},${POST_CODE_MAX}}$)${POST_CODE_PATTERN.source.replace(/^\^/, "")}`,
);

export const maxLengthOf = (field: ProfileField): number =>
  field === "phone" ? PHONE_MAX : field === "zip_code" ? ZIP_MAX : CUSTOM_FIELD_MAX;

/** Message ids (the tenant strings give the words). */
export type ProfileProblem =
  | "tooLong"
  | "invalidZip"
  | "cannotClear"
  | "regionRequired"
  | "invalidRegion"
  | "invalidCountry";

export interface ProfileEditability {
  /** Name and e-mail: never editable on the profile. */
  name: false;
  email: false;
  /** Phone, address, city, state, country, ZIP. */
  details: boolean;
}

/** Spec 2 §5 "member name edits are disabled when prevent_membership_updates is set". */
export function profileEditability(input: {
  preventMembershipUpdates: boolean;
  hasMembership: boolean;
}): ProfileEditability {
  return { name: false, email: false, details: !(input.preventMembershipUpdates && input.hasMembership) };
}

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

/** The stored profile values of an identity's additional_info (missing or non-text is empty). */
export function profileValuesOf(info: Readonly<Record<string, unknown>>): ProfileValues {
  const read = (key: ProfileField) => (Object.hasOwn(info, key) ? text(info[key]) : "");
  return {
    phone: read("phone"),
    address: read("address"),
    city: read("city"),
    country: read("country"),
    state: read("state"),
    zip_code: read("zip_code") || (Object.hasOwn(info, "post_code") ? text(info.post_code) : ""),
  };
}

/** One field's problem, or null (values trimmed by the caller or here). */
export function profileFieldProblem(
  field: ProfileField,
  rawValue: string,
  context: { values: ProfileValues; previous: ProfileValues },
): ProfileProblem | null {
  const value = rawValue.trim();
  if (!value) {
    if (field === "state") {
      return regionsOf(context.values.country.trim()) ? "regionRequired" : null;
    }
    return context.previous[field] ? "cannotClear" : null;
  }
  if (value.length > maxLengthOf(field) && field !== "zip_code") return "tooLong";
  if (field === "zip_code" && !ZIP_PATTERN.test(value)) return "invalidZip";
  if (field === "country" && !isKnownCountry(value) && value !== context.previous.country)
    return "invalidCountry";
  if (field === "state") {
    const regions = regionsOf(context.values.country.trim());
    if (!regions) return null; // dropped by profileChanges: no list, no state
    if (!regions.some((r) => r.code === value)) return "invalidRegion";
  }
  return null;
}

export function profileProblems(
  values: ProfileValues,
  previous: ProfileValues,
): Partial<Record<ProfileField, ProfileProblem>> {
  const problems: Partial<Record<ProfileField, ProfileProblem>> = {};
  for (const field of PROFILE_FIELDS) {
    const problem = profileFieldProblem(field, values[field], { values, previous });
    if (problem) problems[field] = problem;
  }
  return problems;
}

/**
 * What a save sends: the changed fields, trimmed; a cleared state (or a state left over from a
 * country without a list) is null, which clears it.
 */
export function profileChanges(
  values: ProfileValues,
  previous: ProfileValues,
): Partial<Record<ProfileField, string | null>> {
  const next: ProfileValues = { ...values };
  for (const field of PROFILE_FIELDS) next[field] = values[field].trim();
  if (!regionsOf(next.country)) next.state = "";
  const changes: Partial<Record<ProfileField, string | null>> = {};
  for (const field of PROFILE_FIELDS) {
    if (next[field] === previous[field]) continue;
    changes[field] = field === "state" && !next[field] ? null : next[field];
  }
  return changes;
}
