/**
 * Session tabs (spec §4 "Session tabs", §9): sessions are split into 2 or 3 tabs by
 * first_tab_threshold and second_tab_threshold (HHmm, venue-local start time); the day runs from
 * 0000 to 2400. A tab is unavailable with reason 'Not available' when it holds no sessions and
 * 'Sold out' when all of them are sold out; the first available tab is preselected.
 * Tabs only help to choose between parts of a day: when every session falls in one tab there are
 * none (a 7:30 PM concert sat alone under 'Late afternoon' next to two empty tabs).
 */

/** An unavailable tab's reason, as tenant string ids (DESIGN §7; words in tenant/strings-messages.ts). */
export const TAB_NOT_AVAILABLE = "reserve.session.tab.notAvailable";
export const TAB_SOLD_OUT = "reserve.session.tab.soldOut";
export type TabReason = typeof TAB_NOT_AVAILABLE | typeof TAB_SOLD_OUT;
const DAY_START = "0000";
const DAY_END = "2400";

export interface SessionTabsConfig {
  first_tab_threshold: string;
  second_tab_threshold?: string | undefined;
  first_tab_name: string;
  second_tab_name: string;
  third_tab_name?: string | undefined;
}

export interface TabSession {
  /** venue-local start "HH:mm" or "HHmm" */
  time: string;
  soldOut: boolean;
}

export interface SessionTab<T> {
  name: string;
  /** [from, to) as HHmm */
  from: string;
  to: string;
  sessions: T[];
  /** The reason's tenant string id ('Not available', 'Sold out'), or null when the tab is available. */
  unavailableReason: TabReason | null;
}

const hhmm = (time: string) => time.replace(":", "").padStart(4, "0").slice(0, 4);

function bounds(config: SessionTabsConfig): { name: string; from: string; to: string }[] {
  const first = hhmm(config.first_tab_threshold);
  const second = config.second_tab_threshold ? hhmm(config.second_tab_threshold) : undefined;
  if (second && second > first) {
    return [
      { name: config.first_tab_name, from: DAY_START, to: first },
      { name: config.second_tab_name, from: first, to: second },
      { name: config.third_tab_name ?? config.second_tab_name, from: second, to: DAY_END },
    ];
  }
  return [
    { name: config.first_tab_name, from: DAY_START, to: first },
    { name: config.second_tab_name, from: first, to: DAY_END },
  ];
}

/**
 * The tabs of a day's sessions (times venue-local). No config, or sessions that all fall in one
 * tab, give none: the sessions are shown as one list.
 */
export function splitSessionTabs<T extends TabSession>(
  sessions: readonly T[],
  config: SessionTabsConfig | undefined,
): SessionTab<T>[] {
  if (!config) return [];
  const tabs = bounds(config).map((b): SessionTab<T> => {
    const inTab = sessions.filter((s) => {
      const t = hhmm(s.time);
      return t >= b.from && t < b.to;
    });
    const unavailableReason =
      inTab.length === 0 ? TAB_NOT_AVAILABLE : inTab.every((s) => s.soldOut) ? TAB_SOLD_OUT : null;
    return { ...b, sessions: inTab, unavailableReason };
  });
  return tabs.filter((t) => t.sessions.length > 0).length > 1 ? tabs : [];
}

/** The index of the first available tab, or -1 when none is. */
export function preselectedTab(tabs: readonly SessionTab<unknown>[]): number {
  return tabs.findIndex((t) => t.unavailableReason === null);
}
