/**
 * "Every text is a tenant string": the waiting list's refusals are shown in the tenant's words when
 * it has them for the code, else in the API's own.
 */
import { describe, expect, it } from "vitest";
import { refusalText, type WaitingListStrings } from "../../../src/islands/waiting-list/props.ts";
import { visitorTextStrings } from "../../../src/lib/tenant/strings-texts.ts";
import { waitingListStrings } from "../../../src/lib/tenant/strings-waiting-list.ts";

const strings: WaitingListStrings = {
  ...waitingListStrings,
  "waitingList.position.ordinal": visitorTextStrings["waitingList.position.ordinal"],
  "waitingList.refused.waiting_list_already_joined": "Ya estás en la lista de espera.",
};

describe("the waiting list's refusals", () => {
  it("in the tenant's words for a known code, the API's words otherwise", () => {
    expect(refusalText(strings, "waiting_list_already_joined", "API words")).toBe(
      "Ya estás en la lista de espera.",
    );
    expect(refusalText(strings, "waiting_list_closed", "API words")).toBe(
      "The waiting list closed when the session started.",
    );
    expect(refusalText(strings, "validation_failed", "Choose ticket types of this event.")).toBe(
      "Choose ticket types of this event.",
    );
  });
});
