/**
 * "No response compression: compress them (brotli and gzip) when the client accepts it":
 * which coding an Accept-Encoding header gets, and which answers are worth compressing.
 */
import { describe, expect, it } from "vitest";
import { isCompressibleType, negotiateEncoding } from "../../../src/lib/server/http/compression.ts";

describe("negotiateEncoding: 'compress them (brotli and gzip) when the client accepts it'", () => {
  it("prefers brotli when the browser accepts both", () => {
    expect(negotiateEncoding("gzip, deflate, br, zstd")).toBe("br");
  });

  it("falls back to gzip when brotli is not accepted", () => {
    expect(negotiateEncoding("gzip, deflate")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip")).toBe("gzip");
  });

  it("follows the client's weights: gzip when it weighs more than br", () => {
    expect(negotiateEncoding("br;q=0.5, gzip;q=0.8")).toBe("gzip");
  });

  it("sends identity without the header, with identity only, or with both refused", () => {
    expect(negotiateEncoding(null)).toBeNull();
    expect(negotiateEncoding("")).toBeNull();
    expect(negotiateEncoding("identity")).toBeNull();
    expect(negotiateEncoding("br;q=0, gzip;q=0")).toBeNull();
    expect(negotiateEncoding("*;q=0")).toBeNull();
  });

  it("reads `*` as any coding not named, case-insensitively", () => {
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("BR;Q=0, *")).toBe("gzip");
  });
});

describe("isCompressibleType: 'HTML, JSON, JS and CSS', never images", () => {
  it.each([
    "text/html; charset=utf-8",
    "application/json",
    "text/javascript",
    "application/javascript; charset=utf-8",
    "text/css",
    "image/svg+xml",
    "application/problem+json",
  ])("%s is compressed", (type) => {
    expect(isCompressibleType(type)).toBe(true);
  });

  it.each([
    "image/png",
    "image/jpeg",
    "image/webp",
    "application/pdf",
    "font/woff2",
    "application/octet-stream",
  ])("%s is left alone", (type) => {
    expect(isCompressibleType(type)).toBe(false);
  });

  it("an answer without a type is left alone", () => {
    expect(isCompressibleType(null)).toBe(false);
  });
});
