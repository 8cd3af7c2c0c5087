/**
 * Demo accounts, per tenant: a user with a password, a guest identity without one (its
 * login answers guest_account and mails a setup link), and members whose member IDs log in with a
 * ZIP code or a last name. The credentials are listed in README.md ("Demo accounts"). Inserted
 * with ON CONFLICT DO NOTHING, inside the seed's transaction (seedDemo runs once per database).
 * Their memberships (program, level, a real order) come from memberships.ts, with an
 * expired member who logs in with the user's password.
 */

import { inArray } from "drizzle-orm";
import { hashPassword } from "../../services/auth/passwords.ts";
import type { Db } from "../client.ts";
import type { Executor } from "../executor.ts";
import { identity, seller } from "../schema.ts";
import { seedMemberships } from "./memberships.ts";

interface DemoMember {
  scanCode: string;
  name: string;
  lastName: string;
  zipCode: string | null;
}

interface DemoAccounts {
  sellerId: string;
  prefix: string;
  user: { email: string; password: string; firstName: string; lastName: string };
  guest: { email: string; firstName: string; lastName: string };
  /** The first member belongs to the user, the second to a member identity of its own. */
  members: [DemoMember, DemoMember];
  memberEmail: string;
  /** An expired member, a user with the user's password. */
  expired: { email: string; firstName: string; lastName: string };
}

export const DEMO_ACCOUNTS: readonly DemoAccounts[] = [
  {
    sellerId: "harbour-museum",
    prefix: "hm",
    user: {
      email: "demo@harbour-museum.example",
      password: "Harbour-2026",
      firstName: "Ada",
      lastName: "Lovelace",
    },
    guest: { email: "guest@harbour-museum.example", firstName: "Grace", lastName: "Hopper" },
    members: [
      { scanCode: "HM100001", name: "Ada Lovelace", lastName: "Lovelace", zipCode: "02110" },
      { scanCode: "HM100002", name: "Alan Turing", lastName: "Turing", zipCode: "10001" },
    ],
    memberEmail: "member@harbour-museum.example",
    expired: { email: "expired@harbour-museum.example", firstName: "Mary", lastName: "Somerville" },
  },
  {
    sellerId: "riverside-zoo",
    prefix: "rz",
    user: {
      email: "demo@riverside-zoo.example",
      password: "Riverside-2026",
      firstName: "Jane",
      lastName: "Goodall",
    },
    guest: { email: "guest@riverside-zoo.example", firstName: "Gerald", lastName: "Durrell" },
    members: [
      { scanCode: "RZ200001", name: "Jane Goodall", lastName: "Goodall", zipCode: null },
      { scanCode: "RZ200002", name: "David Attenborough", lastName: "Attenborough", zipCode: null },
    ],
    memberEmail: "member@riverside-zoo.example",
    expired: { email: "expired@riverside-zoo.example", firstName: "Dian", lastName: "Fossey" },
  },
];

const zipInfo = (zip: string | null | undefined) => (zip ? { zip_code: zip } : null);

export async function seedAccounts(tx: Executor, now: Date): Promise<void> {
  for (const a of DEMO_ACCOUNTS) {
    const ids = {
      user: `${a.prefix}-demo-user`,
      guest: `${a.prefix}-demo-guest`,
      member: `${a.prefix}-demo-member`,
      expired: `${a.prefix}-demo-expired`,
    };
    const passwordHash = await hashPassword(a.user.password);
    const second = a.members[1];
    await tx
      .insert(identity)
      .values([
        {
          id: ids.user,
          sellerId: a.sellerId,
          kind: "user",
          email: a.user.email,
          firstName: a.user.firstName,
          lastName: a.user.lastName,
          passwordHash,
          // The members' ZIP codes on their identities too (checkout's identity_form asks for it).
          additionalInfo: zipInfo(a.members[0]?.zipCode),
          createdAt: now,
        },
        {
          id: ids.expired,
          sellerId: a.sellerId,
          kind: "user",
          email: a.expired.email,
          firstName: a.expired.firstName,
          lastName: a.expired.lastName,
          passwordHash,
          createdAt: now,
        },
        {
          id: ids.guest,
          sellerId: a.sellerId,
          kind: "guest",
          email: a.guest.email,
          firstName: a.guest.firstName,
          lastName: a.guest.lastName,
          createdAt: now,
        },
        {
          id: ids.member,
          sellerId: a.sellerId,
          kind: "guest",
          email: a.memberEmail,
          firstName: second.name.split(" ")[0] ?? second.name,
          lastName: second.lastName,
          additionalInfo: zipInfo(second.zipCode),
          createdAt: now,
        },
      ])
      .onConflictDoNothing();
  }
  await seedMemberships(tx, now);
}

/**
 * Adds the demo accounts to a demo database seeded before accounts existed (a data folder from an
 * older version): only when a demo seller is present and its demo user is missing, so a normal
 * start costs one SELECT and no password hashing.
 */
export async function refreshDemoAccounts(db: Db, now: Date): Promise<boolean> {
  const users = DEMO_ACCOUNTS.map((a) => `${a.prefix}-demo-user`);
  const present = await db.select({ id: identity.id }).from(identity).where(inArray(identity.id, users));
  if (present.length === users.length) return false;
  const sellers = await db
    .select({ id: seller.id })
    .from(seller)
    .where(
      inArray(
        seller.id,
        DEMO_ACCOUNTS.map((a) => a.sellerId),
      ),
    );
  if (sellers.length !== DEMO_ACCOUNTS.length) return false;
  await db.transaction((tx) => seedAccounts(tx, now));
  return true;
}
