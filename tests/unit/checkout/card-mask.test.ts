import { describe, expect, it } from "vitest";
import { maskCardNumber } from "../../../src/lib/domain/card-mask.ts";

describe("maskCardNumber ('mask it to the last 4 digits')", () => {
  it("keeps the last 4 characters behind a fixed mask that does not tell the length", () => {
    expect(maskCardNumber("GC-1000-0001")).toBe("****0001");
    expect(maskCardNumber("1234567890123456")).toBe("****3456");
    expect(maskCardNumber(" GC-2000-0042 ")).toBe("****0042");
  });
  it("masks a number of 4 characters or fewer whole", () => {
    expect(maskCardNumber("1234")).toBe("****");
    expect(maskCardNumber("12")).toBe("****");
  });
});
