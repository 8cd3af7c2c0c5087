import QRCode from "qrcode";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { qrPng } from "../../src/lib/server/mail/order-confirmation.ts";

/** The image's pixels as RGBA, whatever colour type the PNG was written in. */
async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe("qrPng (one per ticket in the confirmation mail, and the QR routes)", () => {
  it("draws exactly the pixels of the library's default RGBA rendering, in a smaller grey PNG", async () => {
    for (const [content, margin] of [
      ["ABCDEFGHJKMN", 4],
      ["b2355ad7-dc44-45f2-9249-56b03a2636dc", 2],
    ] as const) {
      const ours = await qrPng(content, margin);
      const reference = await QRCode.toBuffer(content, {
        type: "png",
        margin,
        width: 256,
        errorCorrectionLevel: "M",
      });
      const [a, b] = await Promise.all([pixels(ours), pixels(reference)]);
      expect({ width: a.width, height: a.height }).toEqual({ width: 256, height: 256 });
      expect(Buffer.compare(a.data, b.data)).toBe(0);
      expect((await sharp(ours).metadata()).channels).toBe(1);
      expect(ours.length).toBeLessThan(reference.length);
    }
  });
});
