import { describe, expect, it } from "vitest";
import {
  preselectedTab,
  splitSessionTabs,
  TAB_NOT_AVAILABLE,
  TAB_SOLD_OUT,
} from "../../../src/lib/domain/session-tabs.ts";
import { t } from "../../../src/lib/tenant/strings.ts";

const three = {
  first_tab_threshold: "1200",
  second_tab_threshold: "1500",
  first_tab_name: "Morning",
  second_tab_name: "Afternoon",
  third_tab_name: "Late afternoon",
};
const s = (time: string, soldOut = false) => ({ time, soldOut });

describe("session tabs (spec §4, §9: '2 or 3 by first_tab_threshold and second_tab_threshold (HHmm)')", () => {
  it("splits the day 0000 to 2400 at the thresholds, start inclusive", () => {
    const tabs = splitSessionTabs(
      [s("10:00"), s("11:59"), s("12:00"), s("14:30"), s("15:00"), s("23:59")],
      three,
    );
    expect(tabs.map((t) => t.name)).toEqual(["Morning", "Afternoon", "Late afternoon"]);
    expect(tabs.map((t) => t.sessions.map((x) => x.time))).toEqual([
      ["10:00", "11:59"],
      ["12:00", "14:30"],
      ["15:00", "23:59"],
    ]);
  });
  it("two tabs without a second threshold; none without a configuration", () => {
    const two = { first_tab_threshold: "1300", first_tab_name: "AM", second_tab_name: "PM" };
    expect(splitSessionTabs([s("09:00"), s("13:00")], two).map((t) => t.sessions.length)).toEqual([1, 1]);
    expect(splitSessionTabs([s("09:00")], undefined)).toEqual([]);
  });
  it("'Not available' with no sessions, 'Sold out' when all are sold out; the first available tab is preselected", () => {
    const tabs = splitSessionTabs([s("12:30", true), s("13:00", true), s("16:00")], three);
    expect(tabs.map((t) => t.unavailableReason)).toEqual([TAB_NOT_AVAILABLE, TAB_SOLD_OUT, null]);
    expect(t(undefined, TAB_NOT_AVAILABLE)).toBe("Not available");
    expect(t(undefined, TAB_SOLD_OUT)).toBe("Sold out");
    expect(preselectedTab(tabs)).toBe(2);
    expect(preselectedTab(splitSessionTabs([s("10:00", true), s("15:00", true)], three))).toBe(-1);
  });
  it("a 7:30 PM concert sat alone under 'Late afternoon' next to two '(Not available)' tabs; sessions that all fall in one tab give no tabs", () => {
    expect(splitSessionTabs([s("19:30")], three)).toEqual([]);
    expect(splitSessionTabs([s("16:00"), s("16:30", true)], three)).toEqual([]);
    expect(splitSessionTabs([], three)).toEqual([]);
    expect(splitSessionTabs([s("11:30"), s("19:30")], three).map((t) => t.unavailableReason)).toEqual([
      null,
      TAB_NOT_AVAILABLE,
      null,
    ]);
  });
  it("the zoo listed 12:00 and 12:30 under 'Morning'; tabs follow its session_picker_tabs (first_tab_threshold 1200)", async () => {
    const zoo = (await import("../../../src/content/tenants/riverside-zoo.json")).default.web
      .session_picker_tabs;
    const tabs = splitSessionTabs([s("11:30"), s("12:00"), s("12:30")], zoo);
    expect(tabs.map((t) => [t.name, t.sessions.map((x) => x.time)])).toEqual([
      ["Morning", ["11:30"]],
      ["Afternoon", ["12:00", "12:30"]],
    ]);
  });
});
