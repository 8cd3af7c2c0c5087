/**
 * Google Wallet for one ticket: `googleSaveUrl(row, account, origins)` returns the
 * "Save to Google Wallet" link https://pay.google.com/gp/v/save/{jwt}. The JWT (RS256, signed with
 * the service account's key, `jose`) follows https://developers.google.com/wallet/reference/rest/v1/Jwt:
 * iss = the service account e-mail, aud "google", typ "savetowallet", iat, origins, and a payload
 * with one eventTicketClasses entry and one eventTicketObjects entry (domain/tickets/wallet.ts).
 */
import { importPKCS8, SignJWT } from "jose";
import { googleEventTicket, passColours } from "../../../domain/tickets/wallet.ts";
import type { GoogleWalletConfig } from "../../config/wallet.ts";
import type { ReadableTicket } from "./access.ts";
import { walletTicket } from "./pass-data.ts";

export const GOOGLE_SAVE_URL = "https://pay.google.com/gp/v/save/";

/** The signed save JWT of a ticket the caller may read and that can have a pass. */
export async function googleSaveJwt(
  row: ReadableTicket,
  account: GoogleWalletConfig,
  origins: readonly string[],
  now: Date,
): Promise<string> {
  const { eventTicketClass, eventTicketObject } = googleEventTicket(
    walletTicket(row),
    { issuerId: account.issuerId },
    passColours(row.tenant?.theme.vars),
  );
  const key = await importPKCS8(account.privateKeyPem, "RS256");
  return new SignJWT({
    typ: "savetowallet",
    origins: [...origins],
    payload: { eventTicketClasses: [eventTicketClass], eventTicketObjects: [eventTicketObject] },
  })
    .setProtectedHeader({ alg: "RS256", typ: "JWT" })
    .setIssuer(account.serviceAccountEmail)
    .setAudience("google")
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(key);
}

/** The "Save to Google Wallet" link for a ticket. */
export async function googleSaveUrl(
  row: ReadableTicket,
  account: GoogleWalletConfig,
  origins: readonly string[],
  now: Date,
): Promise<string> {
  return `${GOOGLE_SAVE_URL}${await googleSaveJwt(row, account, origins, now)}`;
}
