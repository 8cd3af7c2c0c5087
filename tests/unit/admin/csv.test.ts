import { describe, expect, it } from "vitest";
import { csvField, spreadsheetText, toCsv } from "../../../src/lib/domain/admin/csv.ts";

describe("CSV exports (RFC 4180)", () => {
  it("ends every record with CRLF and separates fields with commas", () => {
    expect(toCsv(["a", "b"], [["1", 2]])).toBe("a,b\r\n1,2\r\n");
  });

  it("quotes a field holding a comma, a double quote, CR or LF, and doubles its quotes", () => {
    expect(csvField("Smith, Ada")).toBe('"Smith, Ada"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("cr\rhere")).toBe('"cr\rhere"');
    expect(csvField("plain")).toBe("plain");
  });

  it("writes null and undefined as empty fields, numbers as numbers", () => {
    expect(toCsv(["x", "y", "z"], [[null, undefined, -12.5]])).toBe("x,y,z\r\n,,-12.5\r\n");
    expect(csvField(Number.NaN)).toBe("");
  });
});

describe("CSV cells are safe to open in a spreadsheet", () => {
  it.each(["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", '=HYPERLINK("http://x","y")'])(
    "a text beginning with a formula character gets a single quote in front: %j",
    (text) => {
      expect(spreadsheetText(text)).toBe(`'${text}`);
      expect(csvField(text).replace(/^"/, "").startsWith("'")).toBe(true);
    },
  );

  it("an escaped cell that also needs quoting is quoted around the quote mark", () => {
    expect(csvField('=cmd|" /C calc"!A0')).toBe(`"'=cmd|"" /C calc""!A0"`);
    expect(csvField("-2,3")).toBe(`"'-2,3"`);
  });

  it("leaves other texts as they are (a formula character later in the text is harmless)", () => {
    expect(spreadsheetText("Ada = Lovelace")).toBe("Ada = Lovelace");
    expect(spreadsheetText("ada@example.com")).toBe("ada@example.com");
    expect(spreadsheetText("")).toBe("");
  });
});
