/**
 * Tenant content blocks (DESIGN §7, spec doc 1 §2 and §6): Markdown files with frontmatter under
 * {CONTENT_DIR}/blocks/{tenant}/*.md, shown in named regions and filtered by route name and role;
 * a language other than the default has its versions under blocks/{tenant}/{lang}/ (same names).
 * All tenant rich text (blocks and event descriptions) goes through renderMarkdown: Markdown to
 * HTML with marked, then sanitize-html, so scripts, event handlers and javascript: links never
 * reach the page.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { parse as parseYaml } from "yaml";
import { defaultLanguage, languageOf } from "./languages.ts";
import { contentDir } from "./load.ts";
import { type ContentBlockMeta, contentBlockSchema, type Tenant } from "./schema.ts";

export type Role = "anonymous" | "logged_in";

/**
 * Route names blocks can be enabled or disabled on. Event pages of donations and gift cards are
 * `event-one-ticket` and of memberships `event-membership` (domain/event-page-parts.ts), so a visit
 * notice enabled on `event` stays off them.
 */
export type RouteName =
  | "home"
  | "events"
  | "event"
  | "event-action"
  | "event-one-ticket"
  | "event-membership"
  | "not-found"
  | (string & {});

interface ContentBlock extends ContentBlockMeta {
  tenant: string;
  /** The Markdown body (the spec's "template"). */
  template: string;
  /** Sanitized HTML of the body. */
  html: string;
}

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "figure", "figcaption"],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    "*": ["id", "lang"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) =>
      attribs.target === "_blank"
        ? { tagName, attribs: { ...attribs, rel: "noopener noreferrer" } }
        : { tagName, attribs },
  },
};

export function sanitize(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

/** Markdown (or HTML) to sanitized HTML. */
export function renderMarkdown(markdown: string | null | undefined): string {
  if (!markdown) return "";
  return sanitize(marked.parse(markdown, { async: false, gfm: true }));
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/** Parses one block file; an invalid file throws with its name and the zod issue. */
export function parseBlock(tenant: string, fileName: string, source: string): ContentBlock {
  const match = FRONTMATTER.exec(source);
  if (!match) throw new Error(`Content block ${tenant}/${fileName} has no frontmatter`);
  const parsed = contentBlockSchema.safeParse(parseYaml(match[1] ?? "") ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `Content block ${tenant}/${fileName} is invalid at ${issue?.path.join(".")}: ${issue?.message}`,
    );
  }
  const template = (match[2] ?? "").trim();
  return { ...parsed.data, tenant, template, html: renderMarkdown(template) };
}

const cache = new Map<string, ContentBlock[]>();

function markdownFiles(folder: string): string[] {
  try {
    return readdirSync(folder).filter((f) => f.endsWith(".md"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    return [];
  }
}

/**
 * A tenant's blocks, in `language` when given: a file of the same name under
 * `blocks/{tenant}/{language}/` takes the place of the default language's, block by block (a block
 * not translated shows in the default language).
 */
export function loadBlocks(tenant: string, dir = contentDir(), language?: string): ContentBlock[] {
  const memo = `${dir}\0${tenant}\0${language ?? ""}`;
  const cached = cache.get(memo);
  if (cached) return cached;
  const folder = join(dir, "blocks", tenant);
  const translated = new Set(language ? markdownFiles(join(folder, language)) : []);
  const blocks = markdownFiles(folder)
    .sort()
    .map((file) => {
      const path = translated.has(file) && language ? join(folder, language, file) : join(folder, file);
      return parseBlock(tenant, file, readFileSync(path, "utf8"));
    })
    .sort((a, b) => a.order - b.order || a.key.localeCompare(b.key));
  cache.set(memo, blocks);
  return blocks;
}

/** Shown when the route and role are enabled (absent list: all) and not disabled. */
export function isBlockVisible(block: ContentBlockMeta, route: RouteName, role: Role): boolean {
  if (block.enabledRoutes && !block.enabledRoutes.includes(route)) return false;
  if (block.disabledRoutes?.includes(route)) return false;
  if (block.enabledRoles && !block.enabledRoles.includes(role)) return false;
  if (block.disabledRoles?.includes(role)) return false;
  return true;
}

export function selectBlocks<B extends ContentBlockMeta>(
  blocks: readonly B[],
  region: string,
  route: RouteName,
  role: Role,
): B[] {
  return blocks.filter((b) => b.region === region && isBlockVisible(b, route, role));
}

/** The blocks of a region for a page, in the (localized) tenant's language. */
export function blocksFor(tenant: Tenant, region: string, route: RouteName, role: Role): ContentBlock[] {
  const language = languageOf(tenant);
  const blocks = loadBlocks(
    tenant.slug,
    contentDir(),
    language === defaultLanguage(tenant) ? undefined : language,
  );
  return selectBlocks(blocks, region, route, role);
}
