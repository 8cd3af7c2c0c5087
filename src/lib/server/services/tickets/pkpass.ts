/**
 * Apple Wallet pass for one ticket: `buildPkpass(row, signing)` returns the signed
 * `.pkpass` (a zip: pass.json, icon and logo PNGs, manifest.json with SHA-1 sums, and a detached
 * PKCS#7 `signature` over the manifest), built with passkit-generator. It carries the tenant's
 * colours and a logo (the tenant's logo file when theme.logoUrl names one under public/, else a
 * mark drawn from the tenant's initial on its primary colour), the event, date and time in the
 * venue's time zone, seat, ticket type, admit name, the scan code as a QR barcode, the venue
 * (name and address, and its position as the pass's `locations` when the venue has one), and
 * relevantDate.
 */
import { readFile } from "node:fs/promises";
import { join, normalize } from "node:path";
import { PKPass } from "passkit-generator";
import sharp from "sharp";
import { escapeHtml } from "../../../domain/html-escape.ts";
import {
  hexToRgb,
  type PassColours,
  passColours,
  passFields,
  relevantDate,
  rgbText,
  type WalletTicket,
} from "../../../domain/tickets/wallet.ts";
import type { AppleWalletConfig } from "../../config/wallet.ts";
import type { ReadableTicket } from "./access.ts";
import { passLabels, passWelcome, walletTicket } from "./pass-data.ts";

export const PKPASS_CONTENT_TYPE = "application/vnd.apple.pkpass";

/** A square mark: the first letter of `name` in the contrast colour on the primary colour. */
function markSvg(name: string, colours: PassColours): string {
  const letter = escapeHtml((name.trim()[0] ?? "F").toUpperCase());
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">` +
    `<rect width="100" height="100" rx="18" fill="${colours.background}"/>` +
    `<text x="50" y="70" font-family="Georgia, serif" font-size="60" font-weight="bold" text-anchor="middle" fill="${colours.foreground}">${letter}</text>` +
    `</svg>`
  );
}

/** The tenant's own logo file (theme.logoUrl, a site path under public/), if it can be read. */
async function tenantLogoFile(logoUrl: string | undefined): Promise<Buffer | null> {
  if (!logoUrl?.startsWith("/") || logoUrl.includes("..")) return null;
  for (const root of ["public", join("dist", "client")]) {
    const path = normalize(join(process.cwd(), root, logoUrl.split("?")[0] ?? ""));
    try {
      return await readFile(path);
    } catch {
      // Try the next root; fall back to the drawn mark.
    }
  }
  return null;
}

async function png(source: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(source, { density: 300 })
    .resize(width, height, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}

/** icon.png (29 pt) and logo.png (up to 160 x 50 pt), each at 1x and 2x. */
async function passImages(name: string, logoUrl: string | undefined, colours: PassColours) {
  const mark = Buffer.from(markSvg(name, colours));
  const logo = (await tenantLogoFile(logoUrl)) ?? mark;
  return {
    "icon.png": await png(mark, 29, 29),
    "icon@2x.png": await png(mark, 58, 58),
    "logo.png": await png(logo, 50, 50),
    "logo@2x.png": await png(logo, 100, 100),
  };
}

const appleColour = (hex: string) => {
  const rgb = hexToRgb(hex);
  return rgb ? rgbText(rgb) : hex;
};

/** The pass.json props of a ticket (pure apart from the certificates' ids). */
export function pkpassProps(t: WalletTicket, colours: PassColours, signing: AppleWalletConfig) {
  return {
    formatVersion: 1 as const,
    passTypeIdentifier: signing.passTypeIdentifier,
    teamIdentifier: signing.teamIdentifier,
    serialNumber: t.ticketId,
    organizationName: t.sellerName,
    description: `${t.eventName} ticket`,
    logoText: t.sellerName,
    backgroundColor: appleColour(colours.background),
    foregroundColor: appleColour(colours.foreground),
    labelColor: appleColour(colours.label),
    sharingProhibited: true,
    semantics: {
      eventName: t.eventName,
      venueName: t.venueName,
      ...(t.start ? { eventStartDate: t.start.toISOString() } : {}),
      ...(t.end ? { eventEndDate: t.end.toISOString() } : {}),
      ...(t.admitName?.trim() ? { attendeeName: t.admitName.trim() } : {}),
    },
  };
}

/** The signed .pkpass of a ticket the caller may read and that can have a pass. */
export async function buildPkpass(row: ReadableTicket, signing: AppleWalletConfig): Promise<Buffer> {
  const t = walletTicket(row);
  const colours = passColours(row.tenant?.theme.vars);
  const images = await passImages(t.sellerName, row.tenant?.theme.logoUrl, colours);
  const pass = new PKPass(
    images,
    {
      wwdr: signing.wwdr,
      signerCert: signing.signerCert,
      signerKey: signing.signerKey,
      ...(signing.signerKeyPassphrase ? { signerKeyPassphrase: signing.signerKeyPassphrase } : {}),
    },
    pkpassProps(t, colours, signing),
  );
  pass.type = "eventTicket";
  const fields = passFields(t, passLabels(row));
  pass.headerFields.push(...fields.header);
  pass.primaryFields.push(...fields.primary);
  pass.secondaryFields.push(...fields.secondary);
  pass.auxiliaryFields.push(...fields.auxiliary);
  pass.backFields.push(...fields.back);
  pass.setBarcodes({
    message: t.scanCode,
    format: "PKBarcodeFormatQR",
    messageEncoding: "iso-8859-1",
    altText: t.scanCode,
  });
  if (t.venueLocation) {
    pass.setLocations({ ...t.venueLocation, relevantText: passWelcome(row) });
  }
  const when = relevantDate(t);
  if (when) pass.setRelevantDate(when);
  // iOS 18 reads relevantDates (the session as an interval); older versions relevantDate.
  if (t.start && t.end && t.end > t.start) pass.setRelevantDates([{ startDate: t.start, endDate: t.end }]);
  return pass.getAsBuffer();
}
