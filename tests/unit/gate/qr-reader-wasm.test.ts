/**
 * The gate's QR reader loads the ponyfill's JS from `barcode-detector` and its WASM from the
 * hoisted `zxing-wasm` (decoder.ts, a `?url` import served from our build): the two must be the
 * same zxing-wasm release, or the glue code and the binary disagree at the door.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const manifest = (name: string) =>
  JSON.parse(readFileSync(`node_modules/${name}/package.json`, "utf8")) as {
    version: string;
    dependencies?: Record<string, string>;
  };

describe("the gate's QR reader WASM", () => {
  it("is the zxing-wasm release barcode-detector was built against", () => {
    expect(manifest("barcode-detector").dependencies?.["zxing-wasm"]).toBe(manifest("zxing-wasm").version);
  });
});
