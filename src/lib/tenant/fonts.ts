/**
 * The self-hosted fonts a tenant theme may name: `theme.fonts.heading` and `.body` are
 * keys of FONTS. Each is the latin subset of an `@fontsource-variable` package, one variable woff2
 * for every weight; font-files.ts imports the files with Vite (`?url`), so they are hashed assets.
 *
 * While a font loads the text shows in a local fallback face tuned to its metrics (`size-adjust`,
 * `ascent-override`, `descent-override`, measured from the woff2 with @capsizecss/unpack against
 * Arial/Liberation Sans or Times New Roman/Liberation Serif), so the swap does not move the layout.
 *
 * Pure data and CSS text: no file imports here, so the tenant schema (and scripts) can use the keys.
 */

export const FONT_KEYS = ["fraunces", "source-sans-3", "fredoka", "nunito"] as const;
export type FontKey = (typeof FONT_KEYS)[number];

/** The latin subset's unicode-range, as @fontsource ships it (the same for every package here). */
export const LATIN_UNICODE_RANGE =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";

interface FallbackFace {
  /** local() faces with the metrics the overrides were computed against. */
  local: readonly string[];
  sizeAdjust: string;
  ascentOverride: string;
  descentOverride: string;
}

export interface FontDefinition {
  /** The @font-face family name. */
  family: string;
  /** The variable font's weight axis, as `font-weight` in @font-face. */
  weight: string;
  /** Generic stack after the font and its fallback face. */
  stack: string;
  fallback: FallbackFace;
}

const SANS_LOCAL = ["Arial", "Liberation Sans", "Helvetica"] as const;
const SERIF_LOCAL = ["Times New Roman", "Liberation Serif", "Times"] as const;
const SANS_STACK = "'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export const FONTS: Readonly<Record<FontKey, FontDefinition>> = {
  fraunces: {
    family: "Fraunces Variable",
    weight: "100 900",
    stack: "Georgia, 'Times New Roman', serif",
    fallback: { local: SERIF_LOCAL, sizeAdjust: "127%", ascentOverride: "77%", descentOverride: "20.1%" },
  },
  "source-sans-3": {
    family: "Source Sans 3 Variable",
    weight: "200 900",
    stack: SANS_STACK,
    fallback: { local: SANS_LOCAL, sizeAdjust: "89.3%", ascentOverride: "114.7%", descentOverride: "44.8%" },
  },
  fredoka: {
    family: "Fredoka Variable",
    weight: "300 700",
    stack: "'Trebuchet MS', Verdana, sans-serif",
    fallback: { local: SANS_LOCAL, sizeAdjust: "101.6%", ascentOverride: "95.9%", descentOverride: "23.2%" },
  },
  nunito: {
    family: "Nunito Variable",
    weight: "200 1000",
    stack: SANS_STACK,
    fallback: { local: SANS_LOCAL, sizeAdjust: "97.8%", ascentOverride: "103.4%", descentOverride: "36.1%" },
  },
};

export interface ThemeFonts {
  heading: FontKey;
  body: FontKey;
}

const fallbackFamily = (key: FontKey) => `${FONTS[key].family} Fallback`;

/** The CSS font-family value for a registry font: the font, its metric-matched fallback, the stack. */
export function fontStack(key: FontKey): string {
  return `'${FONTS[key].family}', '${fallbackFamily(key)}', ${FONTS[key].stack}`;
}

/** The fonts a theme uses, heading first, each once. */
export function usedFonts(fonts: ThemeFonts): FontKey[] {
  return [...new Set([fonts.heading, fonts.body])];
}

/**
 * The @font-face rules for a theme's fonts: the woff2 (its built URL from font-files.ts) with
 * `font-display: swap`, the weight axis and the latin range, and the metric-matched local fallback.
 */
export function fontFaceCss(fonts: ThemeFonts, urls: Readonly<Record<FontKey, string>>): string {
  return usedFonts(fonts)
    .map((key) => {
      const font = FONTS[key];
      const fb = font.fallback;
      return (
        `@font-face{font-family:'${font.family}';font-style:normal;font-display:swap;font-weight:${font.weight};` +
        `src:url(${urls[key]}) format('woff2');unicode-range:${LATIN_UNICODE_RANGE};}` +
        `@font-face{font-family:'${fallbackFamily(key)}';src:${fb.local.map((l) => `local('${l}')`).join(",")};` +
        `size-adjust:${fb.sizeAdjust};ascent-override:${fb.ascentOverride};descent-override:${fb.descentOverride};line-gap-override:0%;}`
      );
    })
    .join("");
}
