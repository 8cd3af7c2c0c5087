/**
 * Staff accounts: created by `npm run staff -- add` (the first admin) or invited by an admin from
 * the back office. Either way the new member gets a setup link by e-mail (in the demo, at /_mail)
 * and chooses a password there; until then the account cannot log in.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { type StaffActor, type StaffRole, staffRoleSchema } from "../../../../domain/admin/roles.ts";
import { isValidPassword } from "../../../../domain/password-rules.ts";
import type { Executor } from "../../../db/executor.ts";
import * as s from "../../../db/schema.ts";
import { fail, validationFailed } from "../../../errors/api-error.ts";
import { staffSetupMail } from "../../../mail/account-mails.ts";
import { enqueueMail } from "../../../mail/outbox.ts";
import { hashToken } from "../../../security/tokens.ts";
import { hashPassword } from "../../auth/passwords.ts";
import { recordAudit } from "../audit.ts";

/** A setup link lives three days: long enough for a new colleague to find the mail. */
export const SETUP_LINK_HOURS = 72;

export const newStaffInput = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .email("Write an e-mail address such as ada@museum.example.")
    .max(254),
  name: z.string().trim().min(1, "Write the staff member's name.").max(120),
  role: staffRoleSchema,
  /** Box office: the largest refund in minor units; null or absent for none. */
  refund_limit: z.number().int().min(0).max(100_000_000).nullable().optional(),
});
export type NewStaffInput = z.infer<typeof newStaffInput>;

export type StaffRow = typeof s.staffAccount.$inferSelect;

interface SellerRef {
  id: string;
  slug: string;
  name: string;
}

export async function staffByEmail(
  db: Executor,
  sellerId: string,
  email: string,
): Promise<StaffRow | undefined> {
  const [row] = await db
    .select()
    .from(s.staffAccount)
    .where(
      and(
        eq(s.staffAccount.sellerId, sellerId),
        sql`lower(${s.staffAccount.email}) = ${email.toLowerCase()}`,
      ),
    );
  return row;
}

/**
 * Creates a staff account and mails its setup link, on the caller's transaction. Answers the
 * account and the link's token (the command prints the link too, for a shop without mail yet).
 */
export async function createStaff(
  tx: Executor,
  seller: SellerRef,
  input: NewStaffInput,
  origin: string,
  now: Date,
): Promise<{ staff: StaffRow; token: string; link: string }> {
  if (await staffByEmail(tx, seller.id, input.email)) {
    throw fail("staff_exists", { extra: { email: input.email } });
  }
  const staff: StaffRow = {
    id: randomUUID(),
    sellerId: seller.id,
    email: input.email,
    name: input.name,
    role: input.role,
    passwordHash: null,
    totpSecret: null,
    totpEnabledAt: null,
    recoveryCodeHashes: [],
    refundLimit: input.refund_limit ?? null,
    createdAt: now,
    disabledAt: null,
  };
  await tx.insert(s.staffAccount).values(staff);
  const { token, link } = await issueSetupLink(tx, seller, staff, origin, now);
  return { staff, token, link };
}

async function issueSetupLink(tx: Executor, seller: SellerRef, staff: StaffRow, origin: string, now: Date) {
  const token = randomBytes(32).toString("base64url");
  await tx.insert(s.staffSetupToken).values({
    tokenHash: hashToken(token),
    staffId: staff.id,
    expiresAt: new Date(now.getTime() + SETUP_LINK_HOURS * 3_600_000),
  });
  const mail = staffSetupMail(
    seller,
    staff.email,
    staff.name,
    roleWords(staff.role as StaffRole),
    token,
    origin,
    SETUP_LINK_HOURS,
  );
  await enqueueMail(tx, { ...mail, relatedId: staff.id }, now);
  return { token, link: mail.link };
}

/** An admin invites a colleague: the account, its setup mail and the audit entry, together. */
export async function inviteStaff(
  tx: Executor,
  actor: StaffActor,
  seller: SellerRef,
  input: NewStaffInput,
  origin: string,
  now: Date,
): Promise<StaffRow> {
  const { staff } = await createStaff(tx, seller, input, origin, now);
  await recordAudit(
    tx,
    actor,
    {
      action: "staff.invite",
      resource: "staff_account",
      resourceId: staff.id,
      details: { email: staff.email, role: staff.role },
    },
    now,
  );
  return staff;
}

/** The setup link's account, while the link is unused and alive; null otherwise. */
export async function setupLinkAccount(db: Executor, token: string, now: Date): Promise<StaffRow | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ staff: s.staffAccount })
    .from(s.staffSetupToken)
    .innerJoin(s.staffAccount, eq(s.staffAccount.id, s.staffSetupToken.staffId))
    .where(
      and(
        eq(s.staffSetupToken.tokenHash, hashToken(token)),
        isNull(s.staffSetupToken.usedAt),
        gt(s.staffSetupToken.expiresAt, now),
        isNull(s.staffAccount.disabledAt),
      ),
    );
  return row?.staff ?? null;
}

/** Follows a setup link: the password is set and the link used up, once. */
export async function completeSetup(
  tx: Executor,
  token: string,
  password: string,
  now: Date,
): Promise<StaffRow> {
  if (!isValidPassword(password)) {
    throw validationFailed("The password must have at least 8 characters with a letter and a digit.", {
      field: "password",
    });
  }
  const staff = await setupLinkAccount(tx, token, now);
  if (!staff) throw fail("staff_setup_link_invalid");
  const used = await tx
    .update(s.staffSetupToken)
    .set({ usedAt: now })
    .where(and(eq(s.staffSetupToken.tokenHash, hashToken(token)), isNull(s.staffSetupToken.usedAt)))
    .returning({ staffId: s.staffSetupToken.staffId });
  if (used.length === 0) throw fail("staff_setup_link_invalid");
  const passwordHash = await hashPassword(password);
  await tx.update(s.staffAccount).set({ passwordHash }).where(eq(s.staffAccount.id, staff.id));
  return { ...staff, passwordHash };
}

export function roleWords(role: StaffRole): string {
  return { admin: "admin", box_office: "box office", gate: "gate", viewer: "viewer" }[role];
}

/** The staff list of a tenant, for its admins. */
export function listStaff(db: Executor, sellerId: string) {
  return db
    .select({
      id: s.staffAccount.id,
      email: s.staffAccount.email,
      name: s.staffAccount.name,
      role: s.staffAccount.role,
      refundLimit: s.staffAccount.refundLimit,
      totpEnabledAt: s.staffAccount.totpEnabledAt,
      passwordSet: sql<boolean>`${s.staffAccount.passwordHash} is not null`,
      disabledAt: s.staffAccount.disabledAt,
      createdAt: s.staffAccount.createdAt,
    })
    .from(s.staffAccount)
    .where(eq(s.staffAccount.sellerId, sellerId))
    .orderBy(s.staffAccount.name);
}
