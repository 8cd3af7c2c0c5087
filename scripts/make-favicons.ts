/**
 * Foyer's own icon, for pages without a tenant and for clients that ask for /favicon.ico without
 * reading the page (feed readers, a JSON answer opened in a tab): public/favicon.svg and
 * public/favicon.ico (16, 32 and 48 px PNGs in an ICO container). Run once; the files are committed.
 *
 *   npx tsx scripts/make-favicons.ts
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { ICON_DEFAULTS, iconSvg } from "../src/lib/tenant/favicon.ts";

const OUT = join(process.cwd(), "public");
const svg = iconSvg("F", ICON_DEFAULTS);
writeFileSync(join(OUT, "favicon.svg"), svg);

const sizes = [16, 32, 48];
const pngs = await Promise.all(
  sizes.map((size) =>
    sharp(Buffer.from(svg), { density: (72 * size) / 64 })
      .resize(size, size)
      .png()
      .toBuffer(),
  ),
);
// ICO: a 6-byte header, a 16-byte entry per image, then the PNGs (PNG inside ICO: Windows Vista on).
const header = Buffer.alloc(6);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(sizes.length, 4);
let offset = 6 + 16 * sizes.length;
const entries = sizes.map((size, i) => {
  const png = pngs[i] as Buffer;
  const entry = Buffer.alloc(16);
  entry.writeUInt8(size, 0);
  entry.writeUInt8(size, 1);
  entry.writeUInt8(0, 2); // no palette
  entry.writeUInt8(0, 3);
  entry.writeUInt16LE(1, 4); // colour planes
  entry.writeUInt16LE(32, 6); // bits per pixel
  entry.writeUInt32LE(png.length, 8);
  entry.writeUInt32LE(offset, 12);
  offset += png.length;
  return entry;
});
const ico = Buffer.concat([header, ...entries, ...pngs]);
writeFileSync(join(OUT, "favicon.ico"), ico);
console.log(`public/favicon.svg ${svg.length} B, public/favicon.ico ${ico.length} B`);
