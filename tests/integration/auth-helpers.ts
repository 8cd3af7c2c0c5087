/**
 * Helpers of the account tests: JSON calls with a client address, cookies and Origin; the session
 * cookie of an answer; the mails in the outbox; the demo accounts of the seed.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import * as s from "../../src/lib/server/db/schema.ts";
import { DEMO_ACCOUNTS } from "../../src/lib/server/db/seed/accounts.ts";
import type { TestApi } from "../helpers/api.ts";
import type { Answer } from "../helpers/cart.ts";

const [hm, rz] = DEMO_ACCOUNTS;
if (!hm || !rz) throw new Error("demo accounts missing");
export const HM = hm;
export const RZ = rz;

export interface CallOptions {
  cookie?: string;
  /** The client address (the Hono binding); a fresh one per test keeps per-address limits apart. */
  address?: string;
  headers?: Record<string, string>;
}

export async function call(
  api: Pick<TestApi, "app">,
  method: string,
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (options.cookie) headers.cookie = options.cookie;
  const res = await api.app.request(
    path,
    { method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
    { clientAddress: options.address ?? freshAddress() },
  );
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

/** `foyer_session=...` from an answer's Set-Cookie, for the next call's Cookie header. */
export function sessionCookie(answer: Answer): string {
  const set = answer.headers.get("set-cookie") ?? "";
  const match = /foyer_session=([^;]*)/.exec(set);
  if (!match?.[1]) throw new Error(`no session cookie in ${set}`);
  return `foyer_session=${match[1]}`;
}

export const freshAddress = () => `192.0.2.${randomUUID().slice(0, 8)}`;

export async function mailsTo(api: Pick<TestApi, "handle">, to: string, kind?: string) {
  return api.handle.db
    .select()
    .from(s.outbox)
    .where(kind ? and(eq(s.outbox.toAddress, to), eq(s.outbox.kind, kind)) : eq(s.outbox.toAddress, to))
    .orderBy(desc(s.outbox.createdAt), desc(s.outbox.id));
}

/** The passcode in the newest passcode mail to `to`. */
export async function latestPasscode(api: Pick<TestApi, "handle">, to: string): Promise<string> {
  const [mail] = await mailsTo(api, to, "passcode");
  const code = /login code is ([A-Z0-9]{6})/.exec(mail?.text ?? "")?.[1];
  if (!code) throw new Error("no passcode mail");
  return code;
}

/** The token in the newest reset or setup mail to `to`. */
export async function latestResetToken(api: Pick<TestApi, "handle">, to: string, kind = "password_reset") {
  const [mail] = await mailsTo(api, to, kind);
  const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error(`no ${kind} mail`);
  return token;
}
