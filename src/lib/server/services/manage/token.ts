/**
 * The "Manage your booking" link token: it proves that a logged-out visitor holds an
 * order's mail. The token is `v1.{expires}.{mac}`: an HMAC-SHA256 over the order id and the expiry
 * (seconds since the epoch), with a key the servers share (`server_secret` row `manage_link`). It
 * can't be forged without the key, can't be moved to another order, and stops working after
 * MANAGE_LINK_DAYS. The key is random, made once, under a race-safe insert.
 *
 * A token has a purpose, signed with it: `manage` (the mail's "Manage your booking" link: edit,
 * cancel, reschedule) or `tickets` (the tickets page's wallet and calendar links, which the
 * completion page hands to whoever reads the order). A `tickets` token never opens /manage.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Executor } from "../../db/executor.ts";
import { serverKey } from "../../security/server-keys.ts";

export const MANAGE_LINK_DAYS = 400;
const KEY_NAME = "manage_link";
const DAY_SECONDS = 24 * 3600;

const signingKey = (ex: Executor, now: Date) => serverKey(ex, KEY_NAME, now);

/**
 * Makes the key exist, once at startup (runtime.ts): the pages that sign links (the tickets page's
 * wallet and calendar links) then only read it, so a page GET never writes.
 */
export async function ensureManageLinkKey(ex: Executor, now: Date): Promise<void> {
  await signingKey(ex, now);
}

export type OrderTokenPurpose = "manage" | "tickets";

const mac = (key: Buffer, purpose: OrderTokenPurpose, orderId: string, expires: number) =>
  createHmac("sha256", key).update(`${purpose}:${orderId}:${expires}`, "utf8").digest();

/** A token for this order and purpose, valid MANAGE_LINK_DAYS from `now`. */
export async function issueManageToken(
  ex: Executor,
  orderId: string,
  now: Date,
  purpose: OrderTokenPurpose = "manage",
): Promise<string> {
  const expires = Math.floor(now.getTime() / 1000) + MANAGE_LINK_DAYS * DAY_SECONDS;
  const key = await signingKey(ex, now);
  return `v1.${expires}.${mac(key, purpose, orderId, expires).toString("base64url")}`;
}

/** True only for an unexpired token issued for this very order and purpose. */
export async function verifyManageToken(
  ex: Executor,
  orderId: string,
  token: string | null | undefined,
  now: Date,
  purpose: OrderTokenPurpose = "manage",
): Promise<boolean> {
  const parts = /^v1\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token ?? "");
  if (!parts) return false;
  const expires = Number(parts[1]);
  if (expires * 1000 <= now.getTime()) return false;
  const given = Buffer.from(parts[2] ?? "", "base64url");
  const expected = mac(await signingKey(ex, now), purpose, orderId, expires);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
