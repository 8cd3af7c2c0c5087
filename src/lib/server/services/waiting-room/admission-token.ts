/**
 * The admission token: proof that the line let a shopper into a room's shop, for as long as their
 * stay. `v1.{expires}.{visitorId}.{mac}`, an HMAC-SHA256 over the seller, the room, the visitor and
 * the expiry (seconds since the epoch) with a key the servers share (`server_secret`
 * `waiting_room`), so any server checks it without a read of the line, and it can't be forged,
 * moved to another room or kept past the stay.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Executor } from "../../db/executor.ts";
import { serverKey } from "../../security/server-keys.ts";
import type { Room } from "./rooms.ts";

const KEY_NAME = "waiting_room";
export const ADMISSION_COOKIE = "foyer_wr";
const MAX_TOKEN_LENGTH = 300;

const mac = (key: Buffer, room: Pick<Room, "sellerId" | "key">, visitorId: string, expires: number) =>
  createHmac("sha256", key)
    .update(`wr:${room.sellerId}:${room.key}:${visitorId}:${expires}`, "utf8")
    .digest();

export async function issueAdmissionToken(
  ex: Executor,
  room: Pick<Room, "sellerId" | "key">,
  visitorId: string,
  leavesAt: Date,
  now: Date,
): Promise<string> {
  const expires = Math.floor(leavesAt.getTime() / 1000);
  const key = await serverKey(ex, KEY_NAME, now);
  return `v1.${expires}.${visitorId}.${mac(key, room, visitorId, expires).toString("base64url")}`;
}

/** True for an unexpired token the line issued for this room. */
export async function verifyAdmissionToken(
  ex: Executor,
  room: Pick<Room, "sellerId" | "key">,
  token: string | null | undefined,
  now: Date,
): Promise<boolean> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return false;
  const [version, expiresText, visitorId, given] = token.split(".");
  if (version !== "v1" || !expiresText || !visitorId || !given || !/^\d{1,12}$/.test(expiresText))
    return false;
  const expires = Number(expiresText);
  if (expires * 1000 <= now.getTime()) return false;
  const expected = mac(await serverKey(ex, KEY_NAME, now), room, visitorId, expires);
  const actual = Buffer.from(given, "base64url");
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
