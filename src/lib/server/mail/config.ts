/**
 * Mail settings from the environment, validated with zod:
 * - SMTP_URL (optional): smtp://[user:pass@]host[:port] or smtps://...; without it nothing leaves
 *   the server and the mailbox page (/_mail) is the only "delivery" (rows are marked `kept`).
 * - MAIL_FROM: the sender, default 'Foyer <no-reply@foyer.test>'.
 * - MAILBOX: `off` turns the mailbox page off in demo mode, where it is on by default. Production
 *   mode (config/mode.ts) never serves it: the startup check refuses MAILBOX=on there.
 */
import { z } from "zod";
import { foyerMode } from "../config/mode.ts";

export const DEFAULT_MAIL_FROM = "Foyer <no-reply@foyer.test>";

const smtpUrl = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "";
    } catch {
      return false;
    }
  });

export interface MailConfig {
  /** undefined: no SMTP, mails are kept for the mailbox page. */
  smtpUrl: string | undefined;
  from: string;
}

/** Reads SMTP_URL and MAIL_FROM; throws (without echoing the URL, it may hold a password) when invalid. */
export function mailConfigFromEnv(env: NodeJS.ProcessEnv = process.env): MailConfig {
  const rawUrl = env.SMTP_URL?.trim();
  let url: string | undefined;
  if (rawUrl) {
    const parsed = smtpUrl.safeParse(rawUrl);
    if (!parsed.success) throw new Error("SMTP_URL must be an smtp:// or smtps:// URL with a host.");
    url = parsed.data;
  }
  const from = env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM;
  return { smtpUrl: url, from };
}

/** MAILBOX as set: `on`, `off`, or unset (anything else counts as unset). */
export function mailboxSetting(env: NodeJS.ProcessEnv = process.env): "on" | "off" | undefined {
  const flag = env.MAILBOX?.trim().toLowerCase();
  return flag === "on" || flag === "off" ? flag : undefined;
}

/**
 * The mailbox page (/_mail, every passcode and reset link) is served in demo mode unless
 * MAILBOX=off, and never in production mode, whatever MAILBOX says.
 */
export function mailboxEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return foyerMode(env) === "demo" && mailboxSetting(env) !== "off";
}
