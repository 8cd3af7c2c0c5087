/**
 * A QR code as a 1-bit grey PNG. The `qrcode` package draws its PNG through pngjs one RGBA pixel
 * at a time (256 × 256 × 4 bytes, then deflated); a checkout's confirmation mail draws one per
 * ticket inside the checkout, where that was the largest single cost. Here the same pixels, with
 * the package's own module-to-pixel mapping (renderer/utils.js qrToImageData), are packed eight
 * to a byte: 32 times less data to filter and deflate, and a smaller file.
 */
import { deflateSync } from "node:zlib";
import QRCode from "qrcode";

export interface QrPngOptions {
  /** Quiet zone, in modules. */
  margin: number;
  /** Image width and height in pixels (the package's `width`). */
  width: number;
}

/** QR's alphanumeric mode: digits, capitals, space and $%*+-./: */
const ALPHANUMERIC = /^[0-9A-Z $%*+\-./:]+$/;

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** Which pixel columns (or rows) are dark-capable modules: the module index, or -1 in the margin. */
function moduleIndexOfPixel(size: number, margin: number, width: number): Int32Array {
  // The package's mapping: a fractional scale when `width` fits the symbol, else scale 4.
  const scale = width >= size + margin * 2 ? width / (size + margin * 2) : 4;
  const symbolSize = Math.floor((size + margin * 2) * scale);
  const scaledMargin = margin * scale;
  const index = new Int32Array(symbolSize);
  for (let p = 0; p < symbolSize; p++) {
    index[p] =
      p >= scaledMargin && p < symbolSize - scaledMargin ? Math.floor((p - scaledMargin) / scale) : -1;
  }
  return index;
}

/** Each module's pixels: [from, to) of module 0, then of module 1… (a module spans a run). */
function moduleRuns(index: Int32Array): Int32Array {
  let modules = 0;
  for (const m of index) if (m >= modules) modules = m + 1;
  const runs = new Int32Array(2 * modules);
  for (let p = index.length - 1; p >= 0; p--) {
    const m = index[p] as number;
    if (m < 0) continue;
    if (runs[2 * m + 1] === 0) runs[2 * m + 1] = p + 1;
    runs[2 * m] = p;
  }
  return runs;
}

/** The PNG of `content` (error correction M), black modules on white. */
export function qrPngBuffer(content: string, { margin, width }: QrPngOptions): Buffer {
  // A scan code is all alphanumeric-mode characters: said so, the package skips its search for the
  // shortest mix of modes (a fifth of the symbol's making), and the symbol is the same size.
  const segments = ALPHANUMERIC.test(content) ? [{ data: content, mode: "alphanumeric" as const }] : content;
  const { size, data } = QRCode.create(segments, { errorCorrectionLevel: "M" }).modules;
  const index = moduleIndexOfPixel(size, margin, width);
  const pixels = index.length;
  const rowBytes = Math.ceil(pixels / 8);
  // Each row starts with its filter byte (0: none); 1 bits are white, as grey 1-bit reads them.
  // Written by offset into one buffer: a row starts white (padding bits too) and each dark
  // module's run of pixels is cleared; rows inside one module are copies of the one above.
  const stride = rowBytes + 1;
  const raw = Buffer.alloc(stride * pixels);
  const runs = moduleRuns(index);
  for (let y = 0; y < pixels; y++) {
    const start = y * stride;
    const my = index[y] as number;
    if (y > 0 && my >= 0 && my === index[y - 1]) {
      raw.copyWithin(start + 1, start - stride + 1, start);
      continue;
    }
    raw.fill(0xff, start + 1, start + stride);
    if (my < 0) continue;
    for (let mx = 0; mx < size; mx++) {
      if (data[my * size + mx] !== 1) continue;
      const to = runs[2 * mx + 1] as number;
      for (let x = runs[2 * mx] as number; x < to; x++) {
        const at = start + 1 + (x >> 3);
        raw[at] = (raw[at] as number) & ~(0x80 >> (x & 7));
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(pixels, 0);
  header.writeUInt32BE(pixels, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // colour type: grey
  return Buffer.concat([
    SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
