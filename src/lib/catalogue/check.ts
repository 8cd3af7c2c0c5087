/**
 * The whole-tenant check: every file valid on its own (load.ts), then across the files: ids
 * unique, references resolve (a schedule's event, a code's ticket types, a seat row's group ...),
 * and money written with no more decimals than the tenant's currency has.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { currencyDigits } from "../domain/money.ts";
import { type LoadedFile, loadTenantFiles, problemAt } from "./load.ts";
import { toMinorUnits } from "./money.ts";
import type { CatalogueProblem, Path } from "./problems.ts";
import { scheduleClash } from "./schedule-overlap.ts";
import type { CatalogueEvent } from "./schema/event.ts";
import { joinCatalogue, type TenantCatalogue } from "./tenant-catalogue.ts";

export interface CatalogueSummary {
  venues: number;
  events: number;
  ticketGroups: number;
  ticketTypes: number;
  schedules: number;
  seatMaps: number;
  codes: number;
  giftCards: number;
  memberships: number;
  messageRules: number;
}

export interface CheckResult {
  tenant: string;
  currency: string | null;
  problems: CatalogueProblem[];
  summary: CatalogueSummary;
  /** The files joined, when there is no problem. */
  catalogue: TenantCatalogue | null;
}

/** An item of a section, with the file and path it was written at. */
interface Located<T> {
  file: LoadedFile;
  path: Path;
  value: T;
}

function each<K extends keyof NonNullable<LoadedFile["data"]>>(
  files: LoadedFile[],
  section: K,
): Located<NonNullable<NonNullable<LoadedFile["data"]>[K]> extends (infer U)[] ? U : never>[] {
  const out: Located<never>[] = [];
  for (const file of files) {
    const list = file.data?.[section];
    if (!Array.isArray(list)) continue;
    list.forEach((value, i) => {
      out.push({ file, path: [section, i], value: value as never });
    });
  }
  return out;
}

/** The tenant file's currency (portal.default_currency_code). */
export function tenantCurrency(contentDir: string, slug: string): string | null {
  const path = join(contentDir, "tenants", `${slug}.json`);
  if (!existsSync(path)) return null;
  const raw = JSON.parse(readFileSync(path, "utf8")) as { portal?: { default_currency_code?: unknown } };
  const code = raw.portal?.default_currency_code;
  return typeof code === "string" ? code : null;
}

/**
 * The tenant file's languages, the default first: its `languages`, else its locale's language
 * (as tenant/languages.ts reads them; the catalogue check reads the raw file, before the tenant loads).
 */
export function tenantLanguageCodes(contentDir: string, slug: string): string[] {
  const path = join(contentDir, "tenants", `${slug}.json`);
  if (!existsSync(path)) return [];
  const raw = JSON.parse(readFileSync(path, "utf8")) as { languages?: unknown; locale?: unknown };
  if (Array.isArray(raw.languages) && raw.languages.length > 0) {
    return raw.languages.filter((l): l is string => typeof l === "string");
  }
  const locale = typeof raw.locale === "string" ? raw.locale : "en";
  return [(locale.split("-")[0] ?? "en").toLowerCase()];
}

/** Where a tenant's pictures may be: the images folder, then beside its catalogue files. */
function pictureFolders(contentDir: string, slug: string, imagesDir: string): string[] {
  return [join(imagesDir, slug), join(contentDir, "catalogue", slug, "images")];
}

/**
 * Checks a tenant's catalogue files. `imagesDir` is the images folder the image endpoint reads
 * first (IMAGES_DIR, public/images by default); a picture may also sit in
 * catalogue/{tenant}/images/ beside the files.
 */
export function checkTenant(
  contentDir: string,
  slug: string,
  imagesDir: string = process.env.IMAGES_DIR ?? join(process.cwd(), "public", "images"),
): CheckResult {
  const { files, problems } = loadTenantFiles(contentDir, slug);
  const currency = tenantCurrency(contentDir, slug);
  if (currency === null) {
    problems.push({
      file: `tenants/${slug}.json`,
      line: null,
      field: "",
      message: "There is no tenant file with a currency for this catalogue (portal.default_currency_code).",
    });
  }
  // References are checked once every file reads well: a broken file would make its ids seem missing.
  const ok = files.every((f) => f.data !== null) ? files : [];
  const at = (l: { file: LoadedFile; path: Path }, sub: Path, message: string): void => {
    problems.push(problemAt(l.file, [...l.path, ...sub], message));
  };

  const venues = each(ok, "venues");
  const events = each(ok, "events");
  const schedules = each(ok, "schedules");
  const seatMaps = each(ok, "seat_maps");
  const codes = each(ok, "codes");
  const giftCards = each(ok, "gift_cards");
  const memberships = each(ok, "memberships");
  const messageRules = each(ok, "message_rules");
  const groups = events.flatMap((e) =>
    e.value.groups.map((g, i) => ({
      file: e.file,
      path: [...e.path, "groups", i],
      value: g,
      event: e.value,
    })),
  );
  const types = groups.flatMap((g) =>
    g.value.types.map((t, i) => ({ file: g.file, path: [...g.path, "types", i], value: t, group: g.value })),
  );

  // One id names one thing across all the tenant's files.
  const seen = new Map<string, { file: LoadedFile; path: Path }>();
  const unique = (what: string, key: string, l: { file: LoadedFile; path: Path }, field: string) => {
    const first = seen.get(key);
    if (first) {
      const line = problemAt(first.file, [...first.path, field], "").line;
      const where = first.file === l.file ? `line ${line}` : `${first.file.name} line ${line}`;
      at(
        l,
        [field],
        `The ${what} "${key.replace(/^[a-z]+:/, "")}" is already used (${where}): each must be different.`,
      );
    } else seen.set(key, l);
  };
  for (const l of [...venues, ...events, ...groups, ...types, ...seatMaps])
    unique("id", `id:${l.value.id}`, l, "id");
  for (const l of codes) unique("code", `code:${l.value.code.toUpperCase()}`, l, "code");
  for (const l of giftCards) unique("gift card number", `card:${l.value.number}`, l, "number");

  const eventById = new Map(events.map((e) => [e.value.id, e.value]));
  const groupById = new Map(groups.map((g) => [g.value.id, g]));
  const typeIds = new Set(types.map((t) => t.value.id));
  const venueIds = new Set(venues.map((v) => v.value.id));
  const typesOf = (e: CatalogueEvent) => e.groups.flatMap((g) => g.types);

  const needEvent = (l: { file: LoadedFile; path: Path }, sub: Path, id: string) => {
    if (!eventById.has(id)) at(l, sub, `There is no event with the id "${id}".`);
  };
  const needGroup = (l: { file: LoadedFile; path: Path }, sub: Path, id: string) => {
    if (!groupById.has(id)) at(l, sub, `There is no ticket group with the id "${id}".`);
  };
  const needType = (l: { file: LoadedFile; path: Path }, sub: Path, id: string) => {
    if (!typeIds.has(id)) at(l, sub, `There is no ticket type with the id "${id}".`);
  };

  for (const e of events) {
    const ev = e.value;
    if (ev.venue !== undefined && !venueIds.has(ev.venue))
      at(e, ["venue"], `There is no venue with the id "${ev.venue}".`);
    if (ev.venue === undefined && venues.length !== 1) {
      at(e, ["id"], "Name the event's venue (venue: ...): the catalogue has more than one venue, or none.");
    }
    ev.upsell?.forEach((id, i) => {
      needEvent(e, ["upsell", i], id);
    });
    ev.add_on?.anchors.forEach((id, i) => {
      needEvent(e, ["add_on", "anchors", i], id);
    });
    const own = new Set(typesOf(ev).map((t) => t.id));
    for (const key of ["primary", "secondary"] as const) {
      const id = ev.price_display?.[key];
      if (id !== undefined && !own.has(id))
        at(e, ["price_display", key], `The event sells no ticket type "${id}".`);
    }
  }

  for (const s of schedules) {
    const sc = s.value;
    const ev = eventById.get(sc.event);
    if (!ev) {
      at(s, ["event"], `There is no event with the id "${sc.event}".`);
      continue;
    }
    const tiers = new Set(typesOf(ev).flatMap((t) => Object.keys(t.tiers ?? {})));
    const needTier = (sub: Path, tier: string) => {
      if (!tiers.has(tier))
        at(
          s,
          sub,
          `No ticket type of "${sc.event}" has a price for the tier "${tier}": add it to a ticket type's tiers.`,
        );
    };
    if (sc.price_tier) needTier(["price_tier"], sc.price_tier);
    for (const [day, tier] of Object.entries(sc.weekday_tiers ?? {}))
      if (tier) needTier(["weekday_tiers", day], tier);
    (sc.tier_dates ?? []).forEach((r, i) => {
      needTier(["tier_dates", i, "price_tier"], r.price_tier);
    });
    sc.exceptions?.forEach((x, i) => {
      if (x.price_tier) needTier(["exceptions", i, "price_tier"], x.price_tier);
    });
    sc.performances?.forEach((p, i) => {
      if (p.price_tier) needTier(["performances", i, "price_tier"], p.price_tier);
    });
  }

  // One schedule per season or set of days: two must never start a session at the same minute.
  schedules.forEach((b, j) => {
    for (const a of schedules.slice(0, j)) {
      if (a.value.event !== b.value.event) continue;
      const why = scheduleClash(a.value, b.value);
      if (why) {
        const line = problemAt(a.file, a.path, "").line;
        const where = a.file === b.file ? `line ${line}` : `${a.file.name} line ${line}`;
        at(
          b,
          ["event"],
          `This schedule and the one at ${where} would start sessions at the same time (${why}).`,
        );
      }
    }
  });
  // A picture named in a file is a picture the pages will ask for: the card's and the page band's.
  const folders = pictureFolders(contentDir, slug, imagesDir);
  const hasPicture = (file: string) => folders.some((dir) => existsSync(join(dir, file)));
  const noPicture = (file: string) =>
    `There is no picture ${file} in public/images/${slug}/ or catalogue/${slug}/images/: add it, or correct the name.`;
  for (const e of events) {
    const name = e.value.image?.name;
    const missing = name ? [`${name}.jpg`, `${name}-cover.jpg`].find((file) => !hasPicture(file)) : undefined;
    if (missing) at(e, ["image", "name"], noPicture(missing));
  }
  for (const f of ok) {
    const name = f.data?.settings?.completed_order?.image;
    if (name && !hasPicture(`${name}.jpg`)) {
      problems.push(problemAt(f, ["settings", "completed_order", "image"], noPicture(`${name}.jpg`)));
    }
  }
  for (const e of events) {
    const has = schedules.some((s) => s.value.event === e.value.id);
    if (e.value.type === "other" && has) {
      at(
        e,
        ["type"],
        'An event of type "other" has no sessions: remove its schedules, or make it "repeating".',
      );
    }
    if (e.value.type !== "other" && !has) {
      at(e, ["type"], `A ${e.value.type} event needs a schedule (schedules: - event: ${e.value.id}).`);
    }
  }

  for (const m of seatMaps) {
    const map = m.value;
    needEvent(m, ["event"], map.event);
    map.rows.forEach((row, i) => {
      const g = groupById.get(row.group);
      if (!g) at(m, ["rows", i, "group"], `There is no ticket group with the id "${row.group}".`);
      else if (g.value.kind !== "seated" || g.event.id !== map.event) {
        at(
          m,
          ["rows", i, "group"],
          `"${row.group}" is not a seated ticket group of the event "${map.event}".`,
        );
      }
    });
    const names = new Set(
      map.rows.flatMap((r) => Array.from({ length: r.seats }, (_, n) => `${r.name}${n + 1}`)),
    );
    map.unavailable?.forEach((seat, i) => {
      if (!names.has(seat)) at(m, ["unavailable", i], `The seat map has no seat "${seat}".`);
    });
  }
  for (const g of groups.filter((x) => x.value.kind === "seated")) {
    if (!seatMaps.some((m) => m.value.rows.some((r) => r.group === g.value.id))) {
      at(g, ["kind"], "A seated ticket group needs rows on a seat map (seat_maps: rows: group: ...).");
    }
  }

  // Texts per language: only the tenant's other languages (the default's are the fields themselves).
  const languages = tenantLanguageCodes(contentDir, slug);
  const [defaultLanguage] = languages;
  const needLanguages = (
    l: { file: LoadedFile; path: Path },
    sub: Path,
    translations: Record<string, unknown> | undefined,
  ) => {
    for (const lang of Object.keys(translations ?? {})) {
      if (lang === defaultLanguage) {
        at(
          l,
          [...sub, "translations", lang],
          `"${lang}" is the tenant's default language: write its texts in the fields themselves, not as a translation.`,
        );
      } else if (!languages.includes(lang)) {
        at(
          l,
          [...sub, "translations", lang],
          `The tenant does not list the language "${lang}" (its languages: ${languages.join(", ")}).`,
        );
      }
    }
  };
  for (const l of [...events, ...groups, ...types]) needLanguages(l, [], l.value.translations);
  for (const e of events) needLanguages(e, ["price_display"], e.value.price_display?.translations);
  for (const r of messageRules) needLanguages(r, [], r.value.translations);
  for (const v of venues) needLanguages(v, [], v.value.translations);

  const settings = ok.filter((f) => f.data?.settings !== undefined);
  const completed = settings[0]?.data?.settings?.completed_order;
  if (settings[0] && completed) {
    needLanguages({ file: settings[0], path: ["settings", "completed_order"] }, [], completed.translations);
  }
  for (const f of settings.slice(1)) {
    problems.push(
      problemAt(
        f,
        ["settings"],
        `The settings are already written in ${settings[0]?.name}: keep them in one file.`,
      ),
    );
  }

  for (const c of codes) {
    const { valid_from: from, valid_until: until } = c.value;
    if (from && until && dayNumber(from) > dayNumber(until)) {
      at(c, ["valid_until"], "The code stops being valid before it starts.");
    }
    c.value.ticket_types?.forEach((id, i) => {
      needType(c, ["ticket_types", i], id);
    });
    c.value.unlocks_groups?.forEach((id, i) => {
      needGroup(c, ["unlocks_groups", i], id);
    });
  }

  for (const m of memberships) {
    const g = groupById.get(m.value.group);
    if (!g) {
      at(m, ["group"], `There is no ticket group with the id "${m.value.group}".`);
      continue;
    }
    if (g.value.kind !== "membership")
      at(m, ["group"], `"${m.value.group}" is not a membership ticket group.`);
    const levels = new Set(g.value.types.map((t) => t.id));
    m.value.levels.forEach((level, i) => {
      if (!levels.has(level.type))
        at(m, ["levels", i, "type"], `The group "${m.value.group}" sells no level "${level.type}".`);
      for (const key of Object.keys(level.benefits ?? {})) {
        if (key !== "*" && !typeIds.has(key))
          at(m, ["levels", i, "benefits", key], `There is no ticket type with the id "${key}".`);
      }
    });
  }

  for (const r of messageRules) {
    needEvent(r, ["event"], r.value.event);
    r.value.when.quantity?.groups?.forEach((id, i) => {
      needGroup(r, ["when", "quantity", "groups", i], id);
    });
  }

  // Money: no more decimals than the currency has (KWD 3, USD 2, JPY none).
  if (currency !== null) {
    const decimals = currencyDigits(currency);
    const money = (l: { file: LoadedFile; path: Path }, sub: Path, amount: number | undefined) => {
      if (amount === undefined || toMinorUnits(amount, currency) !== null) return;
      at(
        l,
        sub,
        decimals === 0
          ? `${currency} has no decimals: write a whole amount like 1500.`
          : `${currency} has ${decimals} decimals: write at most ${decimals} digits after the point, like ${(25).toFixed(decimals)}.`,
      );
    };
    for (const t of types) {
      for (const key of ["price", "min_price", "max_price", "fee"] as const) money(t, [key], t.value[key]);
      for (const [tier, amount] of Object.entries(t.value.tiers ?? {})) money(t, ["tiers", tier], amount);
    }
    for (const c of codes) money(c, ["amount_off"], c.value.amount_off);
    for (const g of giftCards) money(g, ["balance"], g.value.balance);
  }

  return {
    tenant: slug,
    currency,
    problems,
    catalogue: problems.length === 0 ? joinCatalogue(files) : null,
    summary: {
      venues: venues.length,
      events: events.length,
      ticketGroups: groups.length,
      ticketTypes: types.length,
      schedules: schedules.length,
      seatMaps: seatMaps.length,
      codes: codes.length,
      giftCards: giftCards.length,
      memberships: memberships.length,
      messageRules: messageRules.length,
    },
  };
}

export function describeSummary(s: CatalogueSummary): string {
  const parts: [number, string, string][] = [
    [s.venues, "venue", "venues"],
    [s.events, "event", "events"],
    [s.ticketGroups, "ticket group", "ticket groups"],
    [s.ticketTypes, "ticket type", "ticket types"],
    [s.schedules, "schedule", "schedules"],
    [s.seatMaps, "seat map", "seat maps"],
    [s.codes, "code", "codes"],
    [s.giftCards, "gift card", "gift cards"],
    [s.memberships, "membership program", "membership programs"],
    [s.messageRules, "message rule", "message rules"],
  ];
  return parts.map(([n, one, many]) => `${n} ${n === 1 ? one : many}`).join(", ");
}

/** A validity date as a comparable number: days since 1970, or days from today for "today+N". */
function dayNumber(date: string): number {
  if (date.startsWith("today")) return Math.floor(Date.now() / 86_400_000) + Number(date.slice(5) || 0);
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}
