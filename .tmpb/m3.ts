import { qrPngBuffer } from "../src/lib/server/mail/qr-png.ts";
import { newScanCode } from "../src/lib/server/services/checkout/convert.ts";
const codes = Array.from({ length: 30000 }, () => newScanCode());
for (const c of codes) qrPngBuffer(c, { margin: 4, width: 256 });
