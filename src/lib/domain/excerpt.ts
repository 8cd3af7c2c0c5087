/**
 * Card summaries (spec §9): "excerpts cut at 128 characters with ellipsis". Markup (HTML tags and
 * Markdown emphasis, links, headings) is stripped first; the cut backs off to a word boundary when
 * one is close, so words are not broken in the middle.
 */
export const EXCERPT_LENGTH = 128;
export const ELLIPSIS = "…";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Plain text from Markdown or HTML: tags, images, link targets and emphasis marks removed. */
export function stripMarkup(input: string): string {
  return (
    input
      // script/style content is not text
      .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
      .replace(/<[^>]*>/g, " ")
      .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (m, name: string) => {
        if (name.startsWith("#x") || name.startsWith("#X"))
          return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
        if (name.startsWith("#")) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
        return ENTITIES[name.toLowerCase()] ?? m;
      })
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

/**
 * At most `max` characters of text followed by an ellipsis when the text was longer. The cut moves
 * back to the last space when that keeps at least three quarters of the text.
 */
export function excerpt(input: string | null | undefined, max = EXCERPT_LENGTH): string {
  if (!input) return "";
  const text = stripMarkup(input);
  const chars = Array.from(text); // do not split surrogate pairs
  if (chars.length <= max) return text;
  let cut = chars.slice(0, max).join("");
  const nextIsSpace = chars[max] === " ";
  const lastSpace = cut.lastIndexOf(" ");
  if (!nextIsSpace && lastSpace >= Math.floor(max * 0.75)) cut = cut.slice(0, lastSpace);
  return `${cut.replace(/[\s.,;:!?\-–—]+$/u, "")}${ELLIPSIS}`;
}
