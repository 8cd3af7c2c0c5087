/**
 * ICU MessageFormat for the tenant strings (DESIGN §13): a text with a plural or a select
 * (`{count, plural, one {# ticket} other {# tickets}}`) is formatted by `intl-messageformat` in the
 * language's plural rules (Welsh and Arabic have six forms). Plain texts keep the cheap `{name}`
 * filling of string-format.ts.
 *
 * Islands can't afford the parser (about 10 KB of gzip on a listing budgeted at 90 KB), so an
 * island's copy of an ICU text is parsed here, on the server, into the one choice it makes (see
 * string-format.ts `CHOICE`): the browser then picks a form with its own `Intl.PluralRules`.
 */
import { parse } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import { CHOICE, format, type StringVars } from "./string-format.ts";

const ICU_ARGUMENT = /\{\s*\w+\s*,\s*(plural|select|selectordinal|number|date|time)\s*[,}]/;

/** Whether a text needs ICU (a plural, select or typed argument), not only `{name}` filling. */
export function isIcuMessage(template: string): boolean {
  return template.includes(",") && ICU_ARGUMENT.test(template);
}

const compiled = new Map<string, IntlMessageFormat>();

/** A text in the locale's rules: ICU when it needs it, else the plain filling. */
export function formatText(template: string, vars: StringVars | undefined, locale: string): string {
  if (!isIcuMessage(template)) return format(template, vars);
  const memo = `${locale}\u0000${template}`;
  let message = compiled.get(memo);
  if (!message) {
    // Texts come from the code and the tenant files: a bounded set, but a bound keeps a mistake cheap.
    if (compiled.size >= 4000) compiled.clear();
    message = new IntlMessageFormat(template, locale, undefined, { ignoreTag: true });
    compiled.set(memo, message);
  }
  try {
    return String(message.format(vars ?? {}));
  } catch {
    // A value the text names was not given: show the text as the plain filling would, not fail the page.
    return format(template, vars);
  }
}

type Element = ReturnType<typeof parse>[number];

/** An element list back in the plain `{name}` form; `#` becomes the choice's argument. */
function plainOf(elements: readonly Element[], argument: string): string | undefined {
  let out = "";
  for (const element of elements) {
    if (element.type === 0) out += element.value;
    else if (element.type === 1) out += `{${element.value}}`;
    else if (element.type === 7) out += `{${argument}}`;
    else return undefined;
  }
  return out;
}

/**
 * A text as an island gets it: unchanged when plain; an ICU text with one plural or select, with
 * plain text around it, as the encoded choice string-format.ts reads. Undefined when the text is
 * more than that (the strings test keeps island texts within it).
 */
export function islandText(template: string, locale: string): string | undefined {
  if (!isIcuMessage(template)) return template;
  const elements = parse(template, { ignoreTag: true });
  const choices = elements.filter((e) => e.type === 5 || e.type === 6);
  const choice = choices[0];
  if (choices.length !== 1 || !choice || !(choice.type === 5 || choice.type === 6)) return undefined;
  const at = elements.indexOf(choice);
  const before = plainOf(elements.slice(0, at), choice.value);
  const after = plainOf(elements.slice(at + 1), choice.value);
  if (before === undefined || after === undefined) return undefined;
  const kind = choice.type === 5 ? "select" : choice.pluralType === "ordinal" ? "ordinal" : "cardinal";
  let encoded = `${CHOICE.start}${locale}${CHOICE.field}${choice.value}${CHOICE.field}${kind}`;
  for (const [key, option] of Object.entries(choice.options)) {
    const body = plainOf(option.value, choice.value);
    if (body === undefined) return undefined;
    encoded += `${CHOICE.option}${key}${CHOICE.body}${before}${body}${after}`;
  }
  return encoded;
}
