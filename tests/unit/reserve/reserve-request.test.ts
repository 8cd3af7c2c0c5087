import { describe, expect, it } from "vitest";
import {
  buildReserveRequest,
  type RequestGroup,
  selectionBreakdown,
  selectionTotal,
} from "../../../src/lib/domain/reserve-request.ts";

const adult = {
  id: "adult",
  flexible: false,
  min: undefined,
  max: undefined,
  amount: 2500,
  fees: { fixed: 150 },
};
const gift = { id: "gift", flexible: true, min: 100, max: 100000, amount: 2500, fees: {} };
const plain: RequestGroup = {
  id: "g",
  types: [adult],
  admitNames: "disabled",
  admitEmails: "disabled",
  questions: [],
};
const named: RequestGroup = { ...plain, id: "n", admitNames: "required", admitEmails: "optional" };
const choices = { quantities: {}, amounts: {}, survey: {}, admit: {}, sessionId: "s1" };

describe("reserve request (spec §3 'Reserve ticket payload', §5)", () => {
  it("one line per type with the session; the total adds outside fees", () => {
    const request = buildReserveRequest([plain], { ...choices, quantities: { adult: 2 } });
    expect(request).toEqual({
      ok: true,
      add: [{ ticket_type_id: "adult", event_session_id: "s1", quantity: 2 }],
      additionalInfo: {},
    });
    expect(selectionTotal([plain], { quantities: { adult: 2 }, amounts: {} })).toBe(5300);
  });
  it("reserve totals folded fees in ($123.01 for $120 of seats); the breakdown gives the subtotal and the fee total, 'the sum of ticket fees' (spec §9)", () => {
    const stalls = { ...adult, id: "stalls", amount: 4500, fees: { percentBp: 250 } };
    const balcony = { ...adult, id: "balcony", amount: 3000, fees: { percentBp: 250 } };
    const seats: RequestGroup = { ...plain, types: [stalls, balcony] };
    const concert = { quantities: { stalls: 2, balcony: 1 }, amounts: {} };
    // 2.5% of $45 is $1.125, rounded per ticket to $1.13; of $30, $0.75.
    expect(selectionBreakdown([seats], concert)).toEqual({ subtotal: 12000, fees: 301, total: 12301 });
    expect(selectionTotal([seats], concert)).toBe(12301);
    expect(selectionBreakdown([plain], { quantities: {}, amounts: {} })).toEqual({
      subtotal: 0,
      fees: 0,
      total: 0,
    });
  });
  it("'Admit name required when group meta admit_names is required': one line per ticket with its name", () => {
    const missing = buildReserveRequest([named], { ...choices, quantities: { adult: 2 } });
    expect(missing.ok).toBe(false);
    const ok = buildReserveRequest([named], {
      ...choices,
      quantities: { adult: 2 },
      admit: {
        n: [
          { name: " Ada  Lovelace ", email: "" },
          { name: "Cher", email: "c@example.com" },
        ],
      },
    });
    expect(ok.ok && ok.add).toEqual([
      { ticket_type_id: "adult", event_session_id: "s1", quantity: 1, admit_name: "Ada Lovelace" },
      {
        ticket_type_id: "adult",
        event_session_id: "s1",
        quantity: 1,
        admit_name: "Cher",
        admit_email: "c@example.com",
      },
    ]);
  });
  it("a flexible amount outside min/max blocks the request; within, it is the face value", () => {
    const group = { ...plain, types: [gift] };
    const bad = buildReserveRequest([group], {
      ...choices,
      sessionId: undefined,
      quantities: { gift: 1 },
      amounts: { gift: "0.5" },
    });
    expect(bad).toEqual({ ok: false, problems: { amounts: { gift: "outside" }, survey: {}, admit: {} } });
    const good = buildReserveRequest([group], {
      ...choices,
      sessionId: undefined,
      quantities: { gift: 1 },
      amounts: { gift: "12.5" },
    });
    expect(good.ok && good.add).toEqual([{ ticket_type_id: "gift", quantity: 1, face_value: "12.50" }]);
  });
});

describe("spec 1 §5 'One coupon field per ticket for voucher groups'", () => {
  const citypass = { adult_regexp: "^CPA[0-9]{8}$", child_regexp: "^CPC[0-9]{8}$" };
  const vouchers: RequestGroup = {
    ...plain,
    id: "cp",
    types: [
      { ...adult, id: "cp-adult", name: "CityPASS Adult", amount: 0, fees: {} },
      { ...adult, id: "cp-child", name: "CityPASS Child", amount: 0, fees: {} },
    ],
    codePerTicket: { citypass },
  };
  it("regression: 'Enter one CityPASS code per ticket.' showed no field; each ticket is sent with its own code, trimmed and upper case", () => {
    const request = buildReserveRequest([vouchers], {
      ...choices,
      quantities: { "cp-adult": 2, "cp-child": 1 },
      codes: { cp: [" cpa12345678 ", "CPA00000001", "CPC12345678"] },
    });
    expect(request).toEqual({
      ok: true,
      add: [
        { ticket_type_id: "cp-adult", event_session_id: "s1", quantity: 1, code: "CPA12345678" },
        { ticket_type_id: "cp-adult", event_session_id: "s1", quantity: 1, code: "CPA00000001" },
        { ticket_type_id: "cp-child", event_session_id: "s1", quantity: 1, code: "CPC12345678" },
      ],
      additionalInfo: {},
    });
  });
  it("'Citypass voucher codes must match the adult pattern or the child pattern (child if the ticket type name contains a child keyword)': a missing, short or wrong-kind code is refused at its field", () => {
    const request = buildReserveRequest([vouchers], {
      ...choices,
      quantities: { "cp-adult": 2, "cp-child": 1 },
      codes: { cp: ["", "X", "CPA12345678"] },
    });
    expect(request).toEqual({
      ok: false,
      problems: {
        amounts: {},
        survey: {},
        admit: {},
        codes: { cp: { 0: "required", 1: "length", 2: "format" } },
      },
    });
  });
  it("without CityPASS patterns any code of 2 to 35 characters is sent for the server to check", () => {
    const request = buildReserveRequest([{ ...vouchers, codePerTicket: { citypass: null } }], {
      ...choices,
      quantities: { "cp-child": 1 },
      codes: { cp: ["voucher-1"] },
    });
    expect(request.ok && request.add).toEqual([
      { ticket_type_id: "cp-child", event_session_id: "s1", quantity: 1, code: "VOUCHER-1" },
    ]);
  });
});
