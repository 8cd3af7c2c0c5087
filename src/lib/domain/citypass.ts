/**
 * CityPASS voucher codes (spec 1 §3 "Citypass code group config: adult_regexp, child_regexp,
 * child_ticket_type_keywords" and §5 "Citypass voucher codes must match the adult pattern or the
 * child pattern (child if the ticket type name contains a child keyword; default 'child')").
 */

export const INVALID_CITYPASS_TEXT = "Does not match the expected format. Please check your CityPASS code.";
export const DEFAULT_CHILD_KEYWORDS = ["child"];

export interface CitypassConfig {
  adult_regexp: string;
  child_regexp: string;
  child_ticket_type_keywords?: string[];
}

export type CitypassKind = "adult" | "child";

/** Child when the ticket type's name contains one of the keywords (case-insensitive). */
export function citypassKind(
  ticketTypeName: string,
  keywords: readonly string[] = DEFAULT_CHILD_KEYWORDS,
): CitypassKind {
  const name = ticketTypeName.toLowerCase();
  const list = keywords.length ? keywords : DEFAULT_CHILD_KEYWORDS;
  return list.some((k) => k && name.includes(k.toLowerCase())) ? "child" : "adult";
}

function matches(pattern: string, code: string): boolean {
  try {
    return new RegExp(pattern).test(code);
  } catch {
    // A broken pattern in tenant configuration matches nothing rather than everything.
    return false;
  }
}

/**
 * Whether a code matches the CityPASS pattern for a ticket type (by its name), or either pattern
 * when no ticket type is known (a code applied to the whole cart).
 */
export function matchesCitypass(code: string, config: CitypassConfig, ticketTypeName?: string): boolean {
  const normalized = code.trim().toUpperCase();
  if (ticketTypeName === undefined) {
    return matches(config.adult_regexp, normalized) || matches(config.child_regexp, normalized);
  }
  const kind = citypassKind(ticketTypeName, config.child_ticket_type_keywords ?? DEFAULT_CHILD_KEYWORDS);
  return matches(kind === "child" ? config.child_regexp : config.adult_regexp, normalized);
}
