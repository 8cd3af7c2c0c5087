import { describe, expect, it } from "vitest";
import { languageRoute, pathInLanguage } from "../../../src/lib/domain/language-route.ts";
import { languageLinks } from "../../../src/lib/pages/language-links.ts";
import {
  defaultLanguage,
  languageOf,
  localeFor,
  localizedTenant,
  negotiateLanguage,
  tenantLanguages,
} from "../../../src/lib/tenant/languages.ts";
import { getTenant } from "../../../src/lib/tenant/load.ts";
import { t } from "../../../src/lib/tenant/strings.ts";

const museum = getTenant("harbour-museum");
const sidra = getTenant("sidra-science");
if (!museum || !sidra) throw new Error("demo tenants missing");

describe("languages per tenant: a tenant lists its languages, the first being the default", () => {
  it("the demo tenants: Harbour Museum English and Spanish, Sidra Arabic and English", () => {
    expect(tenantLanguages(museum)).toEqual(["en", "es"]);
    expect(defaultLanguage(sidra)).toBe("ar");
  });

  it("a tenant without languages speaks its locale's language", () => {
    expect(tenantLanguages({ locale: "en-GB", languages: undefined })).toEqual(["en"]);
  });

  it("each language has its Intl locale: named, the tenant's, or the language in the tenant's region", () => {
    expect(localeFor(museum, "es")).toBe("es-US");
    expect(localeFor(museum, "en")).toBe("en-US");
    expect(localeFor({ locale: "en-GB", language_locales: {} }, "cy")).toBe("cy-GB");
  });

  it("a localized tenant speaks its language, falls back to the default's texts, and is kept", () => {
    const es = localizedTenant(museum, "es");
    expect(localizedTenant(museum, "es")).toBe(es);
    expect(languageOf(es)).toBe("es");
    expect(languageOf(museum)).toBe("en");
    expect(es.locale).toBe("es-US");
    expect(t(es, "nav.events")).toBe("Eventos");
    // The tenant's own Spanish override, and its English name where no Spanish one is given.
    expect(t(es, "home.welcome")).toBe("Bienvenido al Harbour Museum");
    expect(es.name).toBe("Harbour Museum");
    // Sidra's English: its English overrides over Foyer's English defaults.
    const en = localizedTenant(sidra, "en");
    expect(t(en, "nav.membership")).toBe("Annual passes");
    expect(t(en, "nav.events")).toBe("Events");
  });
});

describe("a first visit follows the visitor's Accept-Language", () => {
  it("picks the first language range the tenant speaks, by quality", () => {
    expect(negotiateLanguage("es-MX,es;q=0.9,en;q=0.8", ["en", "es"])).toBe("es");
    expect(negotiateLanguage("fr-FR, en;q=0.5, es;q=0.7", ["en", "es"])).toBe("es");
    expect(negotiateLanguage("de", ["en", "es"])).toBeUndefined();
    expect(negotiateLanguage("es;q=0, en", ["en", "es"])).toBe("en");
    expect(negotiateLanguage("*", ["ar", "en"])).toBe("ar");
    expect(negotiateLanguage(undefined, ["en", "es"])).toBeUndefined();
  });
});

describe("each language has its own address, /{seller}/{lang}/…", () => {
  it("a language other than the default is served from the unprefixed page; the default's prefix moves", () => {
    expect(languageRoute("/harbour-museum/es/events", ["en", "es"])).toEqual({
      kind: "rewrite",
      language: "es",
      path: "/harbour-museum/events",
    });
    expect(languageRoute("/harbour-museum/es", ["en", "es"])).toEqual({
      kind: "rewrite",
      language: "es",
      path: "/harbour-museum",
    });
    expect(languageRoute("/harbour-museum/en/events", ["en", "es"])).toEqual({
      kind: "canonical",
      path: "/harbour-museum/events",
    });
    expect(languageRoute("/harbour-museum/cy/events", ["en", "es"])).toEqual({ kind: "unprefixed" });
    expect(languageRoute("/harbour-museum/my/orders", ["en", "es"])).toEqual({ kind: "unprefixed" });
  });

  it("a page's path in another language", () => {
    expect(pathInLanguage("/harbour-museum/events", "es", "en")).toBe("/harbour-museum/es/events");
    expect(pathInLanguage("/harbour-museum", "es", "en")).toBe("/harbour-museum/es");
    expect(pathInLanguage("/harbour-museum/events", "en", "en")).toBe("/harbour-museum/events");
  });

  it("the switcher and hreflang links name the same page in each language, the query kept", () => {
    const links = languageLinks(
      localizedTenant(museum, "es"),
      { languagePrefix: "/es" },
      "/harbour-museum/es/events",
      "?category=Art",
      "https://tickets.example.org",
    );
    expect(links.map((l) => [l.language, l.path, l.current, l.tag])).toEqual([
      ["en", "/harbour-museum/events", false, "en-US"],
      ["es", "/harbour-museum/es/events", true, "es-US"],
    ]);
    expect(links[0]?.choose).toBe("/harbour-museum/events?category=Art&choose_language=en");
    // On a tenant's own host name the base is "".
    const own = languageLinks(museum, { routerBase: "" }, "/events", "", "https://tickets.example.org");
    expect(own.map((l) => l.path)).toEqual(["/events", "/es/events"]);
    expect(
      languageLinks(
        getTenant("riverside-zoo") ?? museum,
        {},
        "/riverside-zoo",
        "",
        "https://zoo.example",
      ).map((l) => l.path),
    ).toEqual(["/riverside-zoo", "/riverside-zoo/cy"]);
  });
});

describe("the page in each language is worked out once per tenant and address", () => {
  it("the same page gives the same frozen links, with the alternates' absolute URLs on the page's origin", () => {
    const at = () =>
      languageLinks(museum, {}, "/harbour-museum/events", "?category=Art", "https://tickets.example.org");
    const links = at();
    expect(at()).toBe(links);
    expect(Object.isFrozen(links) && Object.isFrozen(links[0])).toBe(true);
    expect(links.map((l) => l.href)).toEqual([
      "https://tickets.example.org/harbour-museum/events",
      "https://tickets.example.org/harbour-museum/es/events",
    ]);
  });

  it("another query, path or origin is another set of links", () => {
    const base = languageLinks(museum, {}, "/harbour-museum/events", "", "https://a.example");
    expect(
      languageLinks(museum, {}, "/harbour-museum/events", "?category=Art", "https://a.example"),
    ).not.toBe(base);
    expect(languageLinks(museum, {}, "/harbour-museum/membership", "", "https://a.example")[0]?.path).toBe(
      "/harbour-museum/membership",
    );
    expect(languageLinks(museum, {}, "/harbour-museum/events", "", "https://b.example")[0]?.href).toBe(
      "https://b.example/harbour-museum/events",
    );
  });
});

describe("a tenant in one language asked for another is made from its tenant file", () => {
  it("Spanish then English gives the English, not the Spanish words", () => {
    const es = localizedTenant(museum, "es");
    const en = localizedTenant(es, "en");
    expect(t(en, "nav.events")).toBe("Events");
    expect(t(en, "home.welcome")).toBe("Welcome to the Harbour Museum");
    expect(localizedTenant(en, "es")).toBe(es);
  });
});
