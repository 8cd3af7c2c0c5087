/**
 * The purchaser identity's custom fields (spec 1 §3 Identity "custom fields (email, phone,
 * zip_code, post_code, country, state, address, city, region) each with key, type, required,
 * disabled, readOnly, options, mustEqual"; spec 1 §5 "Custom identity fields").
 *
 * A ticket group's or event template's meta `identity_form` lists the fields its buyers must give:
 * an array of field specs (`{ key, type?, required?, disabled?, readOnly?, options?, mustEqual? }`)
 * or plain keys. The checkout asks for the union over the cart's groups and templates (a field
 * required by any of them is required). Values are kept on the identity's `additional_info`.
 *
 * Rules (spec 1 §5): max 1000; zip or post code letters and digits with optional space or hyphen,
 * 4 to 10; phone max 50; e-mail as the identity form checks it. Undefined custom fields are logged
 * and skipped (the caller logs `skipped`).
 */
import { EMAIL_MAX, EMAIL_PATTERN } from "./identity-form.ts";

export const CUSTOM_FIELD_KEYS = [
  "email",
  "phone",
  "address",
  "city",
  "region",
  "state",
  "country",
  "zip_code",
  "post_code",
] as const;
export type CustomFieldKey = (typeof CUSTOM_FIELD_KEYS)[number];

/** Spec 1 §5: every custom field at most 1000 characters, a phone at most 50. */
export const CUSTOM_FIELD_MAX = 1000;
export const PHONE_MAX = 50;
export const POST_CODE_MIN = 4;
export const POST_CODE_MAX = 10;
/** Letters and digits with one optional space or hyphen between them (the length is checked apart). */
/** The one text for a bad ZIP or post code, at checkout and on the profile. */
export const POST_CODE_INVALID = "Enter a valid ZIP or post code (4 to 10 letters and digits).";
export const POST_CODE_PATTERN = /^[A-Za-z0-9]+(?:[ -][A-Za-z0-9]+)?$/;

export type CustomFieldType = "text" | "email" | "tel" | "enum" | "boolean";

export interface CustomFieldSpec {
  key: CustomFieldKey;
  type: CustomFieldType;
  required: boolean;
  disabled: boolean;
  readOnly: boolean;
  /** Choices of an enum field (radios under 4 options, else a select). */
  options: string[];
  /** Another custom field this one must equal (ignoring case), e.g. a confirmation. */
  mustEqual: CustomFieldKey | null;
}

export type CustomFieldError = "required" | "tooLong" | "invalidPostCode" | "invalidEmail" | "mismatch";
export type CustomValues = Partial<Record<CustomFieldKey, string>>;
export type CustomErrors = Partial<Record<CustomFieldKey, CustomFieldError>>;

export const isCustomFieldKey = (key: string): key is CustomFieldKey =>
  (CUSTOM_FIELD_KEYS as readonly string[]).includes(key);

const DEFAULT_TYPE: Record<CustomFieldKey, CustomFieldType> = {
  email: "email",
  phone: "tel",
  address: "text",
  city: "text",
  region: "text",
  state: "text",
  country: "text",
  zip_code: "text",
  post_code: "text",
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function typeOf(key: CustomFieldKey, raw: unknown, options: string[]): CustomFieldType {
  if (raw === "boolean" || raw === "checkbox") return "boolean";
  if (raw === "enum" || raw === "select" || options.length > 0) return "enum";
  return DEFAULT_TYPE[key];
}

/** One entry of an `identity_form`: a spec, or null when it names no defined custom field. */
function fieldOf(entry: unknown): CustomFieldSpec | { skipped: string } {
  const raw = typeof entry === "string" ? { key: entry } : isRecord(entry) ? entry : null;
  const key = raw && typeof raw.key === "string" ? raw.key.trim() : "";
  if (!raw || !isCustomFieldKey(key)) return { skipped: key || String(entry) };
  const options = Array.isArray(raw.options)
    ? raw.options.filter((o): o is string => typeof o === "string" && o.trim() !== "")
    : [];
  const mustEqual =
    typeof raw.mustEqual === "string" && isCustomFieldKey(raw.mustEqual) ? raw.mustEqual : null;
  return {
    key,
    type: typeOf(key, raw.type, options),
    required: raw.required === true,
    disabled: raw.disabled === true,
    readOnly: raw.readOnly === true,
    options,
    mustEqual: mustEqual === key ? null : mustEqual,
  };
}

export interface ParsedIdentityForm {
  fields: CustomFieldSpec[];
  /** Entries that name no defined custom field (spec 1 §5: logged and skipped). */
  skipped: string[];
}

/** Reads one meta `identity_form`: an array, one entry, or a comma-separated list of keys. */
export function parseIdentityForm(value: unknown): ParsedIdentityForm {
  if (value === undefined || value === null || value === "") return { fields: [], skipped: [] };
  const entries = Array.isArray(value)
    ? value
    : typeof value === "string"
      ? value.split(",").filter((key) => key.trim() !== "")
      : [value];
  const fields: CustomFieldSpec[] = [];
  const skipped: string[] = [];
  for (const entry of entries) {
    const field = fieldOf(entry);
    if ("skipped" in field) skipped.push(field.skipped);
    else if (!fields.some((f) => f.key === field.key)) fields.push(field);
  }
  return { fields, skipped };
}

/**
 * The union of several forms (the cart's groups and templates), in the fixed key order: a field
 * any of them requires is required; disabled and read-only only when every form says so.
 */
export function mergeIdentityForms(forms: readonly ParsedIdentityForm[]): ParsedIdentityForm {
  const byKey = new Map<CustomFieldKey, CustomFieldSpec>();
  for (const field of forms.flatMap((form) => form.fields)) {
    const seen = byKey.get(field.key);
    if (!seen) {
      byKey.set(field.key, { ...field, options: [...field.options] });
      continue;
    }
    byKey.set(field.key, {
      ...seen,
      type: seen.type === "text" && field.type !== "text" ? field.type : seen.type,
      required: seen.required || field.required,
      disabled: seen.disabled && field.disabled,
      readOnly: seen.readOnly && field.readOnly,
      options: [...new Set([...seen.options, ...field.options])],
      mustEqual: seen.mustEqual ?? field.mustEqual,
    });
  }
  return {
    fields: CUSTOM_FIELD_KEYS.flatMap((key) => byKey.get(key) ?? []),
    skipped: [...new Set(forms.flatMap((form) => form.skipped))],
  };
}

/** A meta record as the cart envelope carries it (its keys flattened next to the link fields). */
export interface MetaLike {
  resource: string;
  resource_id: string;
  identity_form?: unknown;
  [key: string]: unknown;
}

/** The custom fields the cart asks for: the union over its ticket groups' and templates' meta. */
export function cartIdentityForm(
  metas: readonly MetaLike[],
  groupIds: readonly string[],
  templateIds: readonly string[],
): ParsedIdentityForm {
  const wanted = (meta: MetaLike) =>
    (meta.resource === "ticket_group" && groupIds.includes(meta.resource_id)) ||
    (meta.resource === "event_template" && templateIds.includes(meta.resource_id));
  return mergeIdentityForms(metas.filter(wanted).map((meta) => parseIdentityForm(meta.identity_form)));
}

/** The stored values as the form starts with them (an identity's additional_info). */
export function prefillCustomValues(
  fields: readonly CustomFieldSpec[],
  additionalInfo: Record<string, unknown> | null | undefined,
): CustomValues {
  const values: CustomValues = {};
  for (const { key, type } of fields) {
    const stored = additionalInfo?.[key];
    if (typeof stored === "string") values[key] = stored;
    else if (typeof stored === "number") values[key] = String(stored);
    else if (type === "boolean" && typeof stored === "boolean") values[key] = stored ? "true" : "";
    else values[key] = "";
  }
  return values;
}

/** The fields a buyer still has to fill: required ones their stored details lack. */
export function missingRequiredFields(
  fields: readonly CustomFieldSpec[],
  additionalInfo: Record<string, unknown> | null | undefined,
): CustomFieldSpec[] {
  const values = prefillCustomValues(fields, additionalInfo);
  return fields.filter(
    (field) => field.required && !field.disabled && (values[field.key] ?? "").trim() === "",
  );
}

/** Spec 1 §5: letters and digits with an optional space or hyphen, 4 to 10 characters. */
export function isValidPostCode(value: string): boolean {
  const v = value.trim();
  return v.length >= POST_CODE_MIN && v.length <= POST_CODE_MAX && POST_CODE_PATTERN.test(v);
}

export const customFieldMax = (key: CustomFieldKey): number =>
  key === "phone" ? PHONE_MAX : key === "email" ? EMAIL_MAX : CUSTOM_FIELD_MAX;

function checkOne(field: CustomFieldSpec, value: string, values: CustomValues): CustomFieldError | null {
  if (value === "") return field.required ? "required" : null;
  if (value.length > customFieldMax(field.key)) return "tooLong";
  if ((field.key === "zip_code" || field.key === "post_code") && !isValidPostCode(value))
    return "invalidPostCode";
  if (field.key === "email" && !EMAIL_PATTERN.test(value)) return "invalidEmail";
  if (field.type === "enum" && field.options.length > 0 && !field.options.includes(value)) return "required";
  if (field.mustEqual && value.toLowerCase() !== (values[field.mustEqual] ?? "").trim().toLowerCase())
    return "mismatch";
  return null;
}

export type CustomFieldsCheck =
  | { ok: true; additionalInfo: Record<string, string | boolean> }
  | { ok: false; errors: CustomErrors };

/**
 * Trims and checks the values of these fields. Disabled and read-only fields are neither checked
 * nor sent (they keep what is stored); empty optional fields are left out.
 */
export function validateCustomFields(
  fields: readonly CustomFieldSpec[],
  values: CustomValues,
): CustomFieldsCheck {
  const errors: CustomErrors = {};
  const additionalInfo: Record<string, string | boolean> = {};
  for (const field of fields) {
    if (field.disabled || field.readOnly) continue;
    const value = (values[field.key] ?? "").trim();
    if (field.type === "boolean") {
      if (field.required && value !== "true") errors[field.key] = "required";
      else additionalInfo[field.key] = value === "true";
      continue;
    }
    const error = checkOne(field, value, values);
    if (error) errors[field.key] = error;
    else if (value !== "") additionalInfo[field.key] = value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, additionalInfo };
}

/** The first refused field in form order (focus goes there). */
export function firstInvalidCustomField(
  fields: readonly CustomFieldSpec[],
  errors: CustomErrors,
): CustomFieldKey | null {
  return fields.find((field) => errors[field.key] !== undefined)?.key ?? null;
}

const normalizeZip = (zip: string) => zip.replace(/[\s-]/g, "").toLowerCase();

/**
 * Whether a ZIP typed at member-ID login matches the member's stored one, ignoring case, spaces
 * and hyphens. The login field takes at most 5 characters (spec 1 §5 "zip max 5") while checkout
 * takes 4 to 10, so a US ZIP+4 kept at checkout ("02110-1234") also matches its 5-digit ZIP.
 */
export function zipMatches(stored: string, typed: string): boolean {
  const a = normalizeZip(stored);
  const b = normalizeZip(typed);
  if (b === "") return false;
  return a === b || (/^\d{9}$/.test(a) && /^\d{5}$/.test(b) && a.startsWith(b));
}
