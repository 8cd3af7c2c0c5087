/**
 * Staff accounts from the command line, for the first admin of a tenant:
 *   npm run staff -- add <tenant> <email> <role> [--name "Ada Lovelace"] [--refund-limit 100.00]
 * Roles: admin, box_office, gate, viewer. The new member gets a setup link by e-mail (in the demo,
 * at /_mail); the command prints it too. Admins then invite the others from the back office.
 * Uses DATABASE_URL, else PGlite in DATA_DIR (stop a PGlite server first).
 */
import { parseArgs } from "node:util";
import { parseMoneyString } from "../src/lib/domain/money.ts";
import { clockFromEnv } from "../src/lib/server/clock-from-env.ts";
import { openDb, targetFromEnv } from "../src/lib/server/db/client.ts";
import { createStaff, newStaffInput } from "../src/lib/server/services/admin/staff/accounts.ts";
import { cachedSeller } from "../src/lib/server/services/cart/static-rows.ts";
import { mailOriginFor } from "../src/lib/server/tenant-hosts/links.ts";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { name: { type: "string" }, "refund-limit": { type: "string" } },
});
const [command, tenant, email, role] = positionals;
if (command !== "add" || !tenant || !email || !role) {
  console.log(
    'Usage: npm run staff -- add <tenant> <email> <admin|box_office|gate|viewer> [--name "Name"] [--refund-limit 100.00]',
  );
  process.exit(2);
}

const handle = await openDb(targetFromEnv());
try {
  const seller = await cachedSeller(handle.db, tenant).catch(() => null);
  if (!seller) {
    console.error(
      `No tenant ${tenant} in the database. Apply its catalogue first: npm run catalogue -- apply ${tenant}`,
    );
    process.exitCode = 1;
  } else {
    const limit = values["refund-limit"];
    const parsed = newStaffInput.safeParse({
      email,
      role,
      name: values.name ?? email.split("@")[0],
      refund_limit: limit === undefined ? null : parseMoneyString(limit, seller.currencyCode),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        console.error(`${issue.path.join(".") || "input"}: ${issue.message}`);
      process.exitCode = 1;
    } else {
      const now = clockFromEnv().now();
      const made = await handle.db.transaction((tx) =>
        createStaff(tx, seller, parsed.data, mailOriginFor(seller.slug, ""), now),
      );
      console.log(`${made.staff.name} <${made.staff.email}> is a ${made.staff.role} of ${seller.name}.`);
      console.log(`Their setup link (mailed to them, valid for 3 days): ${made.link}`);
    }
  }
} finally {
  await handle.close();
}
