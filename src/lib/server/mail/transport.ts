/** The nodemailer SMTP transport for SMTP_URL (smtp:// uses STARTTLS when offered, smtps:// is TLS). */
import nodemailer from "nodemailer";
import type { MailTransport } from "./deliver.ts";

/** Short timeouts: a dead SMTP server must not hold a delivery run for minutes. */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return { sendMail: (mail) => transporter.sendMail(mail) };
}
