import { describe, expect, it } from "vitest";
import { identityAdditionalInfo } from "../../../src/lib/api/checkout/schemas.ts";
import {
  cartIdentityForm,
  firstInvalidCustomField,
  isValidPostCode,
  mergeIdentityForms,
  missingRequiredFields,
  parseIdentityForm,
  prefillCustomValues,
  validateCustomFields,
  zipMatches,
} from "../../../src/lib/domain/identity-custom-fields.ts";

const zipRequired = parseIdentityForm([{ key: "zip_code", type: "text", required: true }]);

describe("custom identity fields (spec 1 §3 identity_form, §5 'Custom identity fields')", () => {
  it("reads an identity_form of field specs and of plain keys ('each with key, type, required, disabled, readOnly, options, mustEqual')", () => {
    const form = parseIdentityForm([
      { key: "zip_code", required: true },
      "phone",
      { key: "country", options: ["Canada", "United States"] },
      { key: "city", readOnly: true, disabled: false },
    ]);
    expect(form.skipped).toEqual([]);
    expect(form.fields.map((f) => [f.key, f.type, f.required, f.readOnly])).toEqual([
      ["zip_code", "text", true, false],
      ["phone", "tel", false, false],
      ["country", "enum", false, false],
      ["city", "text", false, true],
    ]);
    expect(parseIdentityForm("zip_code, phone").fields.map((f) => f.key)).toEqual(["zip_code", "phone"]);
  });

  it("'Undefined custom fields are logged and skipped'", () => {
    const form = parseIdentityForm([{ key: "shoe_size", required: true }, "zip_code", 42]);
    expect(form.fields.map((f) => f.key)).toEqual(["zip_code"]);
    expect(form.skipped).toEqual(["shoe_size", "42"]);
  });

  it("the cart asks for the union of its groups' and templates' forms, and a field required by any of them is required", () => {
    const metas = [
      { id: "m1", resource: "ticket_group", resource_id: "g1", identity_form: [{ key: "zip_code" }] },
      {
        id: "m2",
        resource: "event_template",
        resource_id: "e1",
        identity_form: [{ key: "zip_code", required: true }, "phone"],
      },
      { id: "m3", resource: "ticket_group", resource_id: "other", identity_form: ["city"] },
      { id: "m4", resource: "ticket_group", resource_id: "g2", auto_renew: "prompt" },
    ];
    const form = cartIdentityForm(metas, ["g1", "g2"], ["e1"]);
    expect(form.fields.map((f) => [f.key, f.required])).toEqual([
      ["phone", false],
      ["zip_code", true],
    ]);
    expect(mergeIdentityForms([]).fields).toEqual([]);
  });

  it("'zip or post code letters and digits with optional space or hyphen, 4 to 10'", () => {
    for (const ok of ["02110", "02110-1234", "SW1A 1AA", "M5V 3L9", "ABCD", "1234567890"]) {
      expect(isValidPostCode(ok), ok).toBe(true);
    }
    for (const bad of ["021", "12345678901", "02110--12", "021 10 12", "02110_", "-0211", "021!0", ""]) {
      expect(isValidPostCode(bad), bad).toBe(false);
    }
  });

  it("checks required, the zip pattern, 'phone max 50' and 'max 1000', and sends trimmed values only", () => {
    const form = parseIdentityForm([{ key: "zip_code", required: true }, "phone", "address"]).fields;
    expect(validateCustomFields(form, { zip_code: "  ", phone: "", address: "" })).toEqual({
      ok: false,
      errors: { zip_code: "required" },
    });
    expect(validateCustomFields(form, { zip_code: "12" })).toEqual({
      ok: false,
      errors: { zip_code: "invalidPostCode" },
    });
    const long = validateCustomFields(form, {
      zip_code: "02110",
      phone: "1".repeat(51),
      address: "a".repeat(1001),
    });
    expect(long).toEqual({ ok: false, errors: { phone: "tooLong", address: "tooLong" } });
    expect(validateCustomFields(form, { zip_code: " 02110 ", phone: "", address: "1 Pier Road" })).toEqual({
      ok: true,
      additionalInfo: { zip_code: "02110", address: "1 Pier Road" },
    });
  });

  it("mustEqual, enums and booleans; disabled and read-only fields are neither checked nor sent", () => {
    const form = parseIdentityForm([
      { key: "email", required: true },
      { key: "region", options: ["North", "South"], required: true },
      { key: "state", type: "boolean", required: true },
      { key: "city", required: true, readOnly: true },
    ]).fields;
    const bad = validateCustomFields(form, { email: "not-an-email", region: "East", state: "" });
    expect(bad).toEqual({
      ok: false,
      errors: { email: "invalidEmail", region: "required", state: "required" },
    });
    if (!bad.ok) expect(firstInvalidCustomField(form, bad.errors)).toBe("email");
    expect(validateCustomFields(form, { email: "a@example.com", region: "North", state: "true" })).toEqual({
      ok: true,
      additionalInfo: { email: "a@example.com", region: "North", state: true },
    });
    const confirm = parseIdentityForm(["phone", { key: "address", mustEqual: "phone" }]).fields;
    expect(validateCustomFields(confirm, { phone: "555", address: "556" })).toEqual({
      ok: false,
      errors: { address: "mismatch" },
    });
  });

  it("a logged-in buyer is asked only while their identity lacks a required field, prefilled with what it has", () => {
    expect(missingRequiredFields(zipRequired.fields, {}).map((f) => f.key)).toEqual(["zip_code"]);
    expect(missingRequiredFields(zipRequired.fields, { zip_code: " " }).map((f) => f.key)).toEqual([
      "zip_code",
    ]);
    expect(missingRequiredFields(zipRequired.fields, { zip_code: "02110" })).toEqual([]);
    expect(prefillCustomValues(zipRequired.fields, { zip_code: "02110", other: "x" })).toEqual({
      zip_code: "02110",
    });
    expect(prefillCustomValues(zipRequired.fields, null)).toEqual({ zip_code: "" });
  });

  it("the API's additional_info schema refuses what the form refuses (the same zip rule)", () => {
    expect(identityAdditionalInfo.safeParse({ zip_code: "02110", survey: { a: 1 } }).success).toBe(true);
    expect(identityAdditionalInfo.safeParse({ zip_code: "02" }).success).toBe(false);
    expect(identityAdditionalInfo.safeParse({ post_code: "SW1A 1AA" }).success).toBe(true);
    expect(identityAdditionalInfo.safeParse({ phone: "1".repeat(51) }).success).toBe(false);
    expect(identityAdditionalInfo.safeParse({ city: "c".repeat(1001) }).success).toBe(false);
  });

  it("member-ID login matches the stored ZIP ignoring case, spaces and hyphens; a ZIP+4 matches its 5-digit ZIP ('zip max 5' at login)", () => {
    expect(zipMatches("02110", "02110")).toBe(true);
    expect(zipMatches("SW1A 1AA", "sw1a1aa")).toBe(true);
    expect(zipMatches("02110-1234", "02110")).toBe(true);
    expect(zipMatches("02110-1234", "02110-1234")).toBe(true);
    expect(zipMatches("02110-1234", "02111")).toBe(false);
    expect(zipMatches("02110", "0211")).toBe(false);
    expect(zipMatches("02110", "")).toBe(false);
  });
});
