/**
 * A ticket's QR code as inline SVG for server-rendered pages: the page carries the
 * picture itself, so no image route has to decide who may read a guest's ticket, and nothing is
 * stored anywhere but in the personal, `private, no-store` page. The SVG is the `qrcode` package's
 * own rendering, with role="img" and an accessible name.
 */
import QRCode from "qrcode";
import { escapeHtml } from "../../../domain/html-escape.ts";

export async function qrSvg(content: string, label: string, margin = 2): Promise<string> {
  const svg = await QRCode.toString(content, { type: "svg", margin, errorCorrectionLevel: "M" });
  return svg.replace(
    /^<svg /,
    `<svg role="img" aria-label="${escapeHtml(label)}" class="ticket-qr" focusable="false" `,
  );
}
