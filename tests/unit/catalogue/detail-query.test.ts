import { describe, expect, it } from "vitest";
import { detailQuery } from "../../../src/lib/domain/detail-query.ts";

const q = (qs: string) => detailQuery(new URLSearchParams(qs));

describe("event detail query values (spec doc 1 §2): tg, select, price", () => {
  it("reads tg, select and a money-string price", () => {
    expect(q("tg=hm-ga-general&select=hm-ga-adult&price=12.50")).toEqual({
      tg: "hm-ga-general",
      select: "hm-ga-adult",
      price: "12.50",
    });
    expect(q("price=25").price).toBe("25");
    expect(q("price= 7.5 ").price).toBe("7.5");
  });

  it("drops a price that is not an amount, more than three decimals, and negative amounts", () => {
    for (const bad of ["abc", "1.2345", "1e3", "-5", "", "12,50"])
      expect(q(`price=${bad}`).price).toBe(undefined);
  });

  it("keeps three decimals for a three-decimal currency: the flexible field checks them against its currency", () => {
    expect(q("price=2.500").price).toBe("2.500");
  });

  it("drops empty and over-long ids", () => {
    expect(q("tg=&select=%20")).toEqual({ tg: undefined, select: undefined, price: undefined });
    expect(q(`tg=${"x".repeat(201)}`).tg).toBe(undefined);
    expect(q(`tg=${"x".repeat(200)}`).tg).toHaveLength(200);
  });
});
