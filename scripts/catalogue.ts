/**
 * The catalogue command.
 *   npm run catalogue -- check [tenant]   checks one tenant's catalogue files, or every tenant's
 *   npm run catalogue -- schema           writes src/content/catalogue/catalogue.schema.json
 * Exit code 1 when a file has a problem.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { checkTenant, describeSummary } from "../src/lib/catalogue/check.ts";
import { CATALOGUE_SCHEMA_FILE, catalogueJsonSchema } from "../src/lib/catalogue/json-schema.ts";
import { catalogueDir, catalogueTenants } from "../src/lib/catalogue/load.ts";
import { formatProblem } from "../src/lib/catalogue/problems.ts";
import { contentDir } from "../src/lib/tenant/load.ts";

const [command, tenant] = process.argv.slice(2);
const dir = contentDir();

if (command === "schema") {
  const path = join(catalogueDir(dir), CATALOGUE_SCHEMA_FILE);
  writeFileSync(path, catalogueJsonSchema());
  // In the repository's own format, so the lint passes on the written file.
  execFileSync("npx", ["biome", "format", "--write", path], { stdio: "ignore" });
  console.log(`Wrote ${path}`);
} else if (command === "check") {
  const tenants = tenant ? [tenant] : catalogueTenants(dir);
  if (tenants.length === 0) console.log(`No catalogue in ${catalogueDir(dir)}.`);
  let failed = false;
  for (const slug of tenants) {
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
} else {
  console.log("Usage: npm run catalogue -- check [tenant] | schema");
  process.exitCode = 2;
}
