/**
 * The tickets a reschedule adds (src/lib/domain/manage/reschedule-adds.ts): the same types, with
 * the seats chosen on the seat map, or left to the server's pick beside the party.
 */
import { describe, expect, it } from "vitest";
import {
  rescheduleAdds,
  rescheduleSeatDemand,
  reseatChange,
} from "../../../src/lib/domain/manage/reschedule-adds.ts";

const stalls = { ticketTypeId: "stalls-seat", groupId: "stalls", groupName: "Stalls", seated: true };
const adult = { ticketTypeId: "adult", groupId: "ga", groupName: "Admission", seated: false };

describe("a reschedule adds the same ticket types at the new session", () => {
  it("one line per type when no seat is chosen (the server picks the party's seats, or beside them)", () => {
    expect(rescheduleAdds([stalls, stalls, adult], "s2")).toEqual([
      { ticket_type_id: "stalls-seat", event_session_id: "s2", quantity: 2 },
      { ticket_type_id: "adult", event_session_id: "s2", quantity: 1 },
    ]);
  });

  it("a seated event offers a seat choice: each seated ticket takes one chosen seat", () => {
    expect(rescheduleSeatDemand([stalls, stalls, adult])).toEqual([
      { id: "stalls", name: "Stalls", quantity: 2 },
    ]);
    expect(rescheduleAdds([stalls, adult, stalls], "s2", { stalls: ["C11", "C12"] })).toEqual([
      { ticket_type_id: "adult", event_session_id: "s2", quantity: 1 },
      { ticket_type_id: "stalls-seat", event_session_id: "s2", quantity: 1, seat_template_id: "C11" },
      { ticket_type_id: "stalls-seat", event_session_id: "s2", quantity: 1, seat_template_id: "C12" },
    ]);
  });

  it("a seat choice that is not complete adds nothing yet", () => {
    expect(rescheduleAdds([stalls, stalls], "s2", { stalls: ["C11"] })).toBeNull();
  });
});

describe("Edit order: new seats chosen for the added tickets", () => {
  const held = [
    { id: "t1", ticketTypeId: "stalls-seat", seatId: "C11" },
    { id: "t2", ticketTypeId: "stalls-seat", seatId: "C12" },
  ];
  it("only the seats given up change: the kept one stays held, the new one is added", () => {
    expect(reseatChange(held, ["C11", "B10"])).toEqual({
      remove: ["t2"],
      add: [{ ticket_type_id: "stalls-seat", seat_template_id: "B10" }],
    });
  });
  it("nothing to do when the seats are the same, or the choice is not one seat per ticket", () => {
    expect(reseatChange(held, ["C12", "C11"])).toBeNull();
    expect(reseatChange(held, ["C11"])).toBeNull();
    expect(reseatChange(held, ["B1", "B1"])).toBeNull();
  });
});
