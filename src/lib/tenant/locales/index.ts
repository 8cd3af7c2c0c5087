/**
 * Foyer's own translations of its default strings (strings.ts and its strings-*.ts parts hold the
 * English): JSON files per language and part (`es/core.json`, `es/mail.json`…), so translators edit
 * them with ordinary tools. A unit test fails when a language lacks a key of the English table, has
 * one it doesn't, or names a placeholder the English doesn't.
 */
import arCore from "./ar/core.json";
import arErrors from "./ar/errors.json";
import arMail from "./ar/mail.json";
import arTexts from "./ar/texts.json";
import cyCore from "./cy/core.json";
import cyErrors from "./cy/errors.json";
import cyMail from "./cy/mail.json";
import cyTexts from "./cy/texts.json";
import esCore from "./es/core.json";
import esErrors from "./es/errors.json";
import esMail from "./es/mail.json";
import esTexts from "./es/texts.json";

const es = { ...esCore, ...esErrors, ...esTexts, ...esMail };
const cy = { ...cyCore, ...cyErrors, ...cyTexts, ...cyMail };
const ar = { ...arCore, ...arErrors, ...arTexts, ...arMail };

/** The languages Foyer speaks; a tenant lists some of them (tenant file `languages`). */
export const SUPPORTED_LANGUAGES = ["en", "es", "cy", "ar"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

const TRANSLATIONS: Record<Exclude<Language, "en">, Readonly<Record<string, string>>> = { es, cy, ar };

/** The built-in strings of `lang` (none for English: strings.ts's defaults are the English). */
export function builtInStrings(lang: Language): Readonly<Record<string, string>> {
  return lang === "en" ? {} : TRANSLATIONS[lang];
}

/** Languages written right to left: the page mirrors (`dir="rtl"`, CSS logical properties). */
export function isRtlLanguage(lang: string): boolean {
  return lang === "ar";
}

/** Each language's name in itself, for the language switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  es: "Español",
  cy: "Cymraeg",
  ar: "العربية",
};
