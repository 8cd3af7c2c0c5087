import { describe, expect, it } from "vitest";
import { FONT_KEYS, fontFaceCss, fontStack, usedFonts } from "../../../src/lib/tenant/fonts.ts";
import { tenantSchema } from "../../../src/lib/tenant/schema.ts";
import { themeCss, themeFontFaces, themeFontPreloads } from "../../../src/lib/tenant/theme.ts";

const URLS = Object.fromEntries(FONT_KEYS.map((key) => [key, `/_astro/${key}.woff2`])) as Record<
  (typeof FONT_KEYS)[number],
  string
>;
const museum = {
  theme: { logoText: "M", vars: {}, fonts: { heading: "fraunces", body: "source-sans-3" } },
} as const;
const oneFont = { theme: { logoText: "Z", vars: {}, fonts: { heading: "nunito", body: "nunito" } } } as const;

describe("'fonts are self-hosted from npm font packages, subset, preloaded and font-display: swap'", () => {
  it("sets --font-heading and --font-body from the theme's fonts, after (so over) a font var", () => {
    const css = themeCss({ theme: { ...museum.theme, vars: { "font-body": "Georgia, serif" } } });
    expect(css).toBe(
      `:root{--font-body: Georgia, serif;--font-heading: ${fontStack("fraunces")};--font-body: ${fontStack("source-sans-3")};}`,
    );
    expect(fontStack("fraunces")).toBe(
      "'Fraunces Variable', 'Fraunces Variable Fallback', Georgia, 'Times New Roman', serif",
    );
  });

  it("writes one swap face on the latin subset per font, with a metric-matched local fallback face", () => {
    const css = themeFontFaces(museum, URLS);
    expect(css.match(/font-display:swap/g)).toHaveLength(2);
    expect(css).toContain("src:url(/_astro/fraunces.woff2) format('woff2');unicode-range:U+0000-00FF");
    expect(css).toContain("font-family:'Source Sans 3 Variable Fallback';src:local('Arial')");
    expect(css).toContain("size-adjust:127%");
  });

  it("preloads the heading and the body font, once each when one font serves both", () => {
    expect(themeFontPreloads(museum, URLS)).toEqual([
      "/_astro/fraunces.woff2",
      "/_astro/source-sans-3.woff2",
    ]);
    expect(themeFontPreloads(oneFont, URLS)).toEqual(["/_astro/nunito.woff2"]);
    expect(usedFonts(oneFont.theme.fonts)).toEqual(["nunito"]);
    expect(fontFaceCss(oneFont.theme.fonts, URLS).match(/@font-face/g)).toHaveLength(2);
  });

  it("a theme without fonts keeps the system stack: no faces, no preloads", () => {
    const plain = { theme: { logoText: "P", vars: {} } };
    expect(themeFontFaces(plain, URLS)).toBe("");
    expect(themeFontPreloads(plain, URLS)).toEqual([]);
    expect(themeCss(plain)).toBe(":root{}");
  });

  it("a tenant file may name only fonts of the self-hosted registry", () => {
    const theme = tenantSchema.shape.theme;
    expect(
      theme.safeParse({ logoText: "X", vars: {}, fonts: { heading: "fraunces", body: "nunito" } }).success,
    ).toBe(true);
    expect(
      theme.safeParse({ logoText: "X", vars: {}, fonts: { heading: "comic-sans", body: "nunito" } }).success,
    ).toBe(false);
  });
});
