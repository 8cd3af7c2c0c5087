/**
 * Loads tenant configuration files from CONTENT_DIR (default ./src/content) and validates
 * them with the tenant schema. Invalid files fail loudly with the file name and the zod issue.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { duplicateHost, hostNameOf } from "../domain/tenant-hosts/hosts.ts";
import { type Tenant, tenantSchema } from "./schema.ts";

export function contentDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.CONTENT_DIR ?? join(process.cwd(), "src", "content");
}

/** The tenants of CONTENT_DIR, loaded once. */
let cache: Map<string, Tenant> | undefined;

/** The tenants of `dir`, or of CONTENT_DIR (kept: every page asks) when no folder is given. */
export function loadTenants(dir?: string): Map<string, Tenant> {
  // Every page asks: the loaded map is returned before any path is worked out.
  if (cache && dir === undefined) return cache;
  const tenantsDir = join(dir ?? contentDir(), "tenants");
  const tenants = new Map<string, Tenant>();
  for (const file of readdirSync(tenantsDir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    const where = `tenants/${file}`;
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(join(tenantsDir, file), "utf8"));
    } catch (error) {
      throw new Error(`Tenant file ${where} is not valid JSON: ${(error as Error).message}`);
    }
    const parsed = tenantSchema.safeParse(raw);
    if (!parsed.success) {
      // Every field at fault, by its path in the file, so one start says all there is to fix.
      const fields = parsed.error.issues.map(
        (issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`,
      );
      throw new Error(`Tenant file ${where} is invalid at ${fields.join("; ")}`);
    }
    tenants.set(parsed.data.slug, parsed.data);
  }
  // A host name names one tenant: two tenants listing it would make a request's seller ambiguous.
  const duplicate = duplicateHost([...tenants.values()]);
  if (duplicate)
    throw new Error(`Tenant host name ${duplicate} is listed more than once (tenants/*.json hosts).`);
  if (dir === undefined) cache = tenants;
  return tenants;
}

export function getTenant(slug: string): Tenant | undefined {
  return loadTenants().get(slug);
}

/**
 * The deployment's only tenant, or undefined when it has several (or none): a venue that runs its
 * own Foyer has one tenant, and its API calls need not name it.
 */
export function soleTenant(): Tenant | undefined {
  const tenants = loadTenants();
  return tenants.size === 1 ? tenants.values().next().value : undefined;
}

/** The tenant whose `hosts` list a URL's host name (or a Host header), or undefined (the shared host). */
export function tenantForHost(host: string | null | undefined): Tenant | undefined {
  const name = hostNameOf(host);
  if (!name) return undefined;
  for (const tenant of loadTenants().values()) {
    if (tenant.hosts.includes(name)) return tenant;
  }
  return undefined;
}
