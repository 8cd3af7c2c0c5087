/**
 * Card summaries (spec §9): "excerpts cut at 128 characters with ellipsis". Markup (HTML tags and
 * Markdown emphasis, links, headings) is stripped first; text of 128 characters or fewer is kept
 * whole, longer text is cut at 128 characters and "…" appended.
 */
import sanitizeHtml from "sanitize-html";

export const EXCERPT_LENGTH = 128;
export const ELLIPSIS = "…";

/** Plain text from Markdown or HTML: tags, images, link targets and emphasis marks removed. */
export function stripMarkup(input: string): string {
  // HTML first: sanitize-html with no allowed tags keeps the text (entities decoded, script and
  // style content dropped), then the Markdown marks.
  const text = sanitizeHtml(input.replace(/>/g, "> ").replace(/</g, " <"), {
    allowedTags: [],
    allowedAttributes: {},
    parser: { decodeEntities: true },
  });
  return (
    decodeEntities(text)
      // Markdown images, then links: keep the link text
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      // headings, quotes and list bullets at line starts
      .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, "")
      // emphasis and code marks
      .replace(/(\*\*|__|\*|_|~~|`)(\S(?:[\s\S]*?\S)?)\1/g, "$2")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** sanitize-html re-escapes the text it returns; an excerpt is plain text (Astro escapes it). */
function decodeEntities(html: string): string {
  return html.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name] ?? "");
}
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };

/**
 * The last plain texts made, by their input: the same few event summaries are excerpted on every
 * listing render, and sanitize-html is the costly part. Bounded; the oldest entry goes first.
 */
const plainTexts = new Map<string, string>();
const PLAIN_TEXTS_KEPT = 500;

function plainText(input: string): string {
  const kept = plainTexts.get(input);
  if (kept !== undefined) return kept;
  const text = stripMarkup(input);
  plainTexts.set(input, text);
  if (plainTexts.size > PLAIN_TEXTS_KEPT) {
    const oldest = plainTexts.keys().next().value;
    if (oldest !== undefined) plainTexts.delete(oldest);
  }
  return text;
}

/** At most `max` characters of text, followed by an ellipsis when the text was longer. */
export function excerpt(input: string | null | undefined, max = EXCERPT_LENGTH): string {
  if (!input) return "";
  const text = plainText(input);
  const chars = Array.from(text); // do not split surrogate pairs
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join("")}${ELLIPSIS}`;
}
