import { qrPngBuffer } from "../src/lib/server/mail/qr-png.ts";
import { newScanCode } from "../src/lib/server/services/checkout/convert.ts";
const codes = Array.from({ length: 5000 }, () => newScanCode());
for (const c of codes.slice(0, 500)) qrPngBuffer(c, { margin: 4, width: 256 });
const t = performance.now(); for (const c of codes) qrPngBuffer(c, { margin: 4, width: 256 });
console.log("qrPngBuffer", ((performance.now() - t) / codes.length * 1000).toFixed(1), "µs", qrPngBuffer(codes[0]!, { margin: 4, width: 256 }).length, "bytes");
