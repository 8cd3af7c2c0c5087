import { readFileSync } from "node:fs";
import QRCode from "qrcode";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import { qrPngBuffer } from "../../../src/lib/server/mail/qr-png.ts";
import { newScanCode } from "../../../src/lib/server/services/checkout/convert.ts";

/** A PNG's pixels as RGBA, whatever colour type and bit depth it was written in. */
const rgba = async (png: Buffer) => {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

describe("the QR code PNG of a ticket", () => {
  const cases: Array<[string, number]> = [
    ["HM-2F7K-9QX4", 4],
    ["8b0d8f4e-5c1a-4a57-9f55-2f6b2ce0f0a1", 4],
    ["HM100001", 2],
    ["A".repeat(120), 0],
  ];
  for (const [content, margin] of cases) {
    it(`has the qrcode package's pixels (content of ${content.length} characters, margin ${margin})`, async () => {
      const ours = await rgba(qrPngBuffer(content, { margin, width: 256 }));
      const library = await rgba(
        await QRCode.toBuffer(content, { type: "png", margin, width: 256, errorCorrectionLevel: "M" }),
      );
      expect([ours.width, ours.height]).toEqual([library.width, library.height]);
      expect(ours.data.equals(library.data)).toBe(true);
    });
  }

  it("is a 1-bit grey PNG, smaller than the package's", async () => {
    const png = qrPngBuffer("HM-2F7K-9QX4", { margin: 4, width: 256 });
    const meta = await sharp(png).metadata();
    expect(meta.channels).toBe(1);
    expect(png.subarray(24, 26)).toEqual(Buffer.from([1, 0]));
    const library = await QRCode.toBuffer("HM-2F7K-9QX4", { type: "png", margin: 4, width: 256 });
    expect(png.length).toBeLessThan(library.length);
  });

  it("reads back as the ticket's scan code at the gate's reader (codes with digit runs too)", async () => {
    // The gate's decoder (zxing-wasm), its WASM from node_modules: the package would fetch it.
    const wasm = readFileSync("node_modules/zxing-wasm/dist/reader/zxing_reader.wasm");
    prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
      fireImmediately: true,
    });
    const codes = ["2345678923AB", "ZZZZZZZZZZZZ", ...Array.from({ length: 8 }, newScanCode)];
    for (const code of codes) {
      const [read] = await readBarcodes(new Uint8Array(qrPngBuffer(code, { margin: 4, width: 256 })), {
        formats: ["QRCode"],
      });
      expect(read?.text).toBe(code);
    }
  });
});
