import { describe, expect, it } from "vitest";
import { admitMode, checkAdmit, splitFullName } from "../../../src/lib/domain/admit-fields.ts";

describe("admit fields (spec §5 'Full name')", () => {
  it("split on spaces, last word is last name, rest first name; a single word is used for both", () => {
    expect(splitFullName("Ada  King Lovelace ")).toEqual({ first: "Ada King", last: "Lovelace" });
    expect(splitFullName("Cher")).toEqual({ first: "Cher", last: "Cher" });
    expect(splitFullName("   ")).toBeUndefined();
  });
  it("'required', optional, or disabled (not applicable) from group meta", () => {
    expect(admitMode("required")).toBe("required");
    expect(admitMode("optional")).toBe("optional");
    expect(admitMode("disabled")).toBe("disabled");
    expect(admitMode(undefined)).toBe("disabled");
  });
  it("name required when admit_names is 'required'; e-mail required only when admit_emails is 'required'", () => {
    expect(checkAdmit({ name: "", email: "" }, { names: "required", emails: "optional" })).toEqual([
      "nameRequired",
    ]);
    expect(checkAdmit({ name: "A B", email: "" }, { names: "required", emails: "required" })).toEqual([
      "emailRequired",
    ]);
    expect(checkAdmit({ name: "", email: "nope" }, { names: "optional", emails: "optional" })).toEqual([
      "emailInvalid",
    ]);
    expect(checkAdmit({ name: "", email: "nope" }, { names: "disabled", emails: "disabled" })).toEqual([]);
  });
});
