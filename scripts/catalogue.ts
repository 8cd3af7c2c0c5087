/**
 * The catalogue command.
 *   npm run catalogue -- check [tenant]              checks one tenant's catalogue files, or every tenant's
 *   npm run catalogue -- apply [tenant] [--dry-run]  writes them into the database (DATABASE_URL, else
 *                                                    PGlite in DATA_DIR), or shows what would change
 *   npm run catalogue -- schema                      writes src/content/catalogue/catalogue.schema.json
 * Exit code 1 when a file has a problem or a rule refuses the apply.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { checkTenant, describeSummary } from "../src/lib/catalogue/check.ts";
import { CATALOGUE_SCHEMA_FILE, catalogueJsonSchema } from "../src/lib/catalogue/json-schema.ts";
import { catalogueDir, catalogueTenants } from "../src/lib/catalogue/load.ts";
import { formatProblem } from "../src/lib/catalogue/problems.ts";
import { clockFromEnv } from "../src/lib/server/clock-from-env.ts";
import { openDb, targetFromEnv } from "../src/lib/server/db/client.ts";
import { applyCatalogue, describeReport } from "../src/lib/server/services/catalogue/apply/index.ts";
import { contentDir } from "../src/lib/tenant/load.ts";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { "dry-run": { type: "boolean", default: false } },
});
const [command, tenant] = positionals;
const dir = contentDir();
const tenants = () => (tenant ? [tenant] : catalogueTenants(dir));

if (command === "schema") {
  const path = join(catalogueDir(dir), CATALOGUE_SCHEMA_FILE);
  writeFileSync(path, catalogueJsonSchema());
  // In the repository's own format, so the lint passes on the written file.
  execFileSync("npx", ["biome", "format", "--write", path], { stdio: "ignore" });
  console.log(`Wrote ${path}`);
} else if (command === "check") {
  if (tenants().length === 0) console.log(`No catalogue in ${catalogueDir(dir)}.`);
  let failed = false;
  for (const slug of tenants()) {
    const result = checkTenant(dir, slug);
    if (result.problems.length > 0) {
      failed = true;
      const n = result.problems.length;
      console.log(`${slug}: ${n} ${n === 1 ? "problem" : "problems"}`);
      for (const p of result.problems) console.log(`  ${formatProblem(p)}`);
    } else {
      console.log(`${slug}: OK (${result.currency}): ${describeSummary(result.summary)}`);
    }
  }
  process.exitCode = failed ? 1 : 0;
} else if (command === "apply") {
  if (tenants().length === 0) console.log(`No catalogue in ${catalogueDir(dir)}.`);
  const target = targetFromEnv();
  const where = target.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${target.dataDir}`;
  const dryRun = values["dry-run"] ?? false;
  console.log(`${dryRun ? "Dry run against" : "Applying to"} ${where}`);
  const handle = await openDb(target);
  let failed = false;
  try {
    const now = clockFromEnv().now();
    for (const slug of tenants()) {
      const report = await applyCatalogue(handle.db, { contentDir: dir, slug, now, dryRun });
      if (report.refusals.length > 0) failed = true;
      for (const line of describeReport(report, dryRun)) console.log(line);
    }
  } finally {
    await handle.close();
  }
  process.exitCode = failed ? 1 : 0;
} else {
  console.log("Usage: npm run catalogue -- check [tenant] | apply [tenant] [--dry-run] | schema");
  process.exitCode = 2;
}
