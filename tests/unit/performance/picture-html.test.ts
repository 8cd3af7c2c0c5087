import { describe, expect, it } from "vitest";
import { responsiveImage } from "../../../src/lib/api/images.ts";
import { escapeHtml } from "../../../src/lib/domain/html-escape.ts";
import { htmlAttributes, pictureHtml } from "../../../src/lib/pages/picture-html.ts";

describe("a card's <picture> as HTML ('responsive srcset in AVIF or WebP'; spec 1 §8 image alt)", () => {
  const html = pictureHtml({
    image: "harbour-museum/a b.jpg",
    kind: "teaser",
    alt: 'Image for "Tall Ships" & <Sails>',
    sizes: "(max-width: 37rem) 100vw, 24rem",
    attributes: { class: "event-card__image", loading: "lazy", "data-astro-cid-abc": true, hidden: false },
  });

  it("AVIF, then WebP sources, then the img with the source format's srcset, its box and the parent's scope", () => {
    const picture = responsiveImage("harbour-museum/a b.jpg", "teaser");
    expect(html.startsWith('<picture class="responsive-image"><source type="image/avif"')).toBe(true);
    expect(html.indexOf('type="image/avif"')).toBeLessThan(html.indexOf('type="image/webp"'));
    expect(html).toContain(`srcset="${escapeHtml(picture.sources[0]?.srcset ?? "")}"`);
    expect(html).toContain(
      `<img class="event-card__image" loading="lazy" data-astro-cid-abc src="${escapeHtml(picture.src)}"`,
    );
    expect(html).toContain(`width="${picture.width}" height="${picture.height}"`);
    expect(html).not.toContain("hidden");
    expect(html.endsWith("></picture>")).toBe(true);
  });

  it("escapes the alt text and the URLs' ampersands, so a shop's words cannot break out of the attribute", () => {
    expect(html).toContain('alt="Image for &quot;Tall Ships&quot; &amp; &lt;Sails&gt;"');
    expect(html).toContain("a%20b.jpg?sizex=272&amp;sizey=216&amp;shrinkonly=1");
    expect(html).not.toMatch(/&(?!amp;|quot;|lt;|gt;|#39;)/);
  });

  it("refuses an attribute name that is not one", () => {
    expect(() => htmlAttributes({ 'onload="x"': "1" })).toThrow(/Not an attribute name/);
    expect(htmlAttributes({ title: "it's" })).toBe(' title="it&#39;s"');
  });
});
