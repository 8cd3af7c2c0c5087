import { describe, expect, it } from "vitest";
import { maskEmail } from "../../../src/lib/domain/email-mask.ts";

describe("maskEmail (the new address in the notice to the old one, masked)", () => {
  it("keeps the first letter of the mailbox and domain name, and the top-level domain", () => {
    expect(maskEmail("mary@example.test")).toBe("m***@e***.test");
    expect(maskEmail("a.b+c@mail.example.co.uk")).toBe("a***@m***.uk");
  });

  it("never shows more of a short or odd address", () => {
    expect(maskEmail("x@y.z")).toBe("x***@y***.z");
    expect(maskEmail("nodomain@")).toBe("***");
    expect(maskEmail("@example.test")).toBe("***");
    expect(maskEmail("plain")).toBe("***");
  });

  it("does not split a character outside the basic plane", () => {
    expect(maskEmail("😀me@example.test")).toBe("😀***@e***.test");
  });
});
