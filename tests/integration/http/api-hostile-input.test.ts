/**
 * "Hostile input must give a 4xx, never a 5xx": the exact commands of the report.
 * Object.prototype names in embeds and filters, and NUL or a lone surrogate in any string of a JSON
 * body, are a 400 validation_failed in the contract's error shape, under /api and /cached_api.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { MAX_BODY_BYTES } from "../../../src/lib/server/http/app.ts";
import { withTestApi } from "../../helpers/api.ts";
import {
  type Answer,
  asCart,
  cartOf,
  errorOf,
  loginIdentity,
  send,
  setSessionCapacity,
  upcomingSession,
} from "../../helpers/cart.ts";

const api = withTestApi();

const PROTOTYPE_NAMES = [
  "constructor",
  "__proto__",
  "prototype",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "isPrototypeOf",
  "__defineGetter__",
];
const HM = "_seller=harbour-museum";

function expectValidationFailed(answer: Answer, what: string): ReturnType<typeof errorOf> {
  expect(answer.status, `${what}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(400);
  const error = errorOf(answer);
  expect(error._code).toBe("validation_failed");
  expect(typeof error._description).toBe("string");
  return error;
}

describe("Object.prototype names in embeds and filters are a 400, never a 500", () => {
  // Regression: an inherited name reached `relation.target()` and answered 500 "relation.target is not a function".
  const issueCommands = [
    `events/available?${HM}&_embed=constructor`,
    "events/hm-general-admission?_embed=ticket_group.__proto__",
    `events/available?${HM}&constructor.prototype.x=1`,
    `config?${HM}&_embed=hasOwnProperty`,
    `membership_rules?${HM}&_embed=toString`,
  ];
  for (const prefix of ["/api", "/cached_api"]) {
    for (const command of issueCommands) {
      it(`GET ${prefix}/${command} answers 400 validation_failed`, async () => {
        expectValidationFailed(await send(api, "GET", `${prefix}/${command}`), command);
      });
    }
  }

  it("`...&constructor=1` is a 400 unknown filter field, as every unknown field is", async () => {
    // Regression: an inherited name passed the field check and was silently accepted (200, no rows).
    const error = expectValidationFailed(
      await send(api, "GET", `/api/events/available?${HM}&constructor=1`),
      "constructor=1",
    );
    expect(error._description).toBe('Unknown filter field "constructor" for event_template.');
    expect(error._extra).toEqual({ field: "constructor" });
  });

  const reads = [
    `events/available?${HM}`,
    `events/hm-general-admission?${HM}`,
    `events/hm-general-admission/sessions?${HM}`,
    `ticket_group/hm-ga-general?${HM}`,
    `membership_rules?${HM}`,
    `config?${HM}`,
  ];
  for (const read of reads) {
    it(`every prototype name as an embed, a dotted embed, a filter and an operator on ${read} is a 400`, async () => {
      for (const prefix of ["/api", "/cached_api"]) {
        for (const name of PROTOTYPE_NAMES) {
          const queries = [
            `_embed=${name}`,
            `_embed=ticket_group.${name}`,
            `_embed=${name}.meta`,
            `${name}=1`,
            `${name}.x=1`,
            `ticket_group.${name}=1`,
            `ticket_group.${name}.x=1`,
            `name.${name}=1`,
            `_sort=${name}`,
          ];
          for (const q of queries) {
            const path = `${prefix}/${read}&${encodeURIComponent(q).replace("%3D", "=")}`;
            expectValidationFailed(await send(api, "GET", path), path);
          }
        }
      }
    });
  }

  it("open meta fields take any name but never match an inherited member", async () => {
    const answer = await send(
      api,
      "GET",
      `/api/events/available?${HM}&meta.constructor=1&meta.toString._in=a,b`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.event_template).toEqual({ _count: 0, _data: [] });
  });
});

describe("NUL and lone surrogates in a JSON body are a 400 validation_failed, never a 500", () => {
  const HOSTILE = [
    ["NUL", "\u0000"],
    ["a lone high surrogate", "\ud800"],
    ["a lone low surrogate", "\udc00"],
  ] as const;

  async function newCart() {
    const session = await upcomingSession(api, "hm-general-admission", 0);
    await setSessionCapacity(api, session.id, 500, 0);
    const env = asCart(
      await send(api, "POST", `/api/my/cart/modify?${HM}`, {
        add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 1 }],
      }),
    );
    return { cartId: cartOf(env).id, sessionId: session.id };
  }

  /** One call of the reported list, with the character `bad` put in one string (value or key). */
  type Case = { name: string; field: string; call: (bad: string) => Promise<Answer> };

  function cases(cartId: string, sessionId: string, user: { identityId: string; cookie: string }): Case[] {
    const add = (extra: Record<string, unknown>) => ({
      add: [{ ticket_type_id: "hm-ga-adult", event_session_id: sessionId, quantity: 1, ...extra }],
    });
    const modify = (body: unknown) => send(api, "POST", `/api/my/cart/${cartId}/modify?${HM}`, body);
    const guest = (identity: Record<string, unknown>) =>
      send(api, "POST", `/api/cart/${cartId}/guest_checkout`, {
        gateway_id: "test",
        identity: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", ...identity },
      });
    const asUser = { cookie: user.cookie };
    return [
      {
        name: "cart modify admit_name",
        field: "add.0.admit_name",
        call: (b) => modify(add({ admit_name: `Ada${b}` })),
      },
      {
        name: "cart modify campaign value",
        field: "campaign.utm_source",
        call: (b) => modify({ campaign: { utm_source: b } }),
      },
      {
        name: "cart modify campaign key",
        field: "campaign.utm_\uFFFD",
        call: (b) => modify({ campaign: { [`utm_${b}`]: "x" } }),
      },
      {
        name: "cart modify additionalInfo value",
        field: "additionalInfo.hm-ga-general.note",
        call: (b) => modify({ additionalInfo: { "hm-ga-general": { note: `a${b}b` } } }),
      },
      {
        name: "cart modify additionalInfo key",
        field: "additionalInfo.hm-ga-general.\uFFFD",
        call: (b) => modify({ additionalInfo: { "hm-ga-general": { [b]: "x" } } }),
      },
      {
        name: "apply_code",
        field: "code",
        call: (b) => send(api, "POST", `/api/my/cart/${cartId}/apply_code`, { code: b }),
      },
      {
        name: "guest_checkout identity.first_name",
        field: "identity.first_name",
        call: (b) => guest({ first_name: b }),
      },
      {
        name: "guest_checkout identity.last_name",
        field: "identity.last_name",
        call: (b) => guest({ last_name: b }),
      },
      {
        name: "guest_checkout identity.email",
        field: "identity.email",
        call: (b) => guest({ email: `a${b}@example.com` }),
      },
      {
        name: "guest_checkout identity.additional_info",
        field: "identity.additional_info.zip",
        call: (b) => guest({ additional_info: { zip: b } }),
      },
      {
        name: "pay gateway_data",
        field: "gateway_data.card_number",
        call: (b) =>
          send(api, "POST", `/api/cart/${cartId}/pay`, {
            gateway_id: "test",
            amount: "1.00",
            gateway_data: { card_number: b },
          }),
      },
      {
        name: "pricecheck event_session_id",
        field: "event_session_id",
        call: (b) =>
          send(api, "POST", "/api/events/hm-general-admission/pricecheck", {
            ticket_types_required: [{ ticket_type_id: "hm-ga-adult" }],
            event_session_id: b,
          }),
      },
      {
        name: "POST user",
        field: "first_name",
        call: (b) =>
          send(api, "POST", `/api/user?${HM}`, {
            first_name: b,
            last_name: "L",
            email: "new@example.com",
            password: "Harbour-2026!",
          }),
      },
      {
        name: "PUT my/user",
        field: "last_name",
        call: (b) => send(api, "PUT", `/api/my/user?${HM}`, { last_name: b }, asUser),
      },
      {
        name: "PATCH my/user/{id}",
        field: "additional_info.phone",
        call: (b) =>
          send(
            api,
            "PATCH",
            `/api/my/user/${user.identityId}?${HM}`,
            { additional_info: { phone: b } },
            asUser,
          ),
      },
    ];
  }

  it("every reported call refuses NUL, \\ud800 and \\udc00 with a 400 naming the field", async () => {
    const { cartId, sessionId } = await newCart();
    const user = await loginIdentity(api);
    for (const c of cases(cartId, sessionId, user)) {
      for (const [label, bad] of HOSTILE) {
        const answer = await c.call(bad);
        const what = `${c.name} with ${label}: ${JSON.stringify(answer.body).slice(0, 200)}`;
        // Soft: one run reports every call that fails, not only the first.
        expect.soft(answer.status, what).toBe(400);
        const item = (
          answer.body._data as { _code?: string; _extra?: { field?: unknown } }[] | undefined
        )?.[0];
        expect.soft(item?._code, what).toBe("validation_failed");
        expect.soft(item?._extra?.field, what).toBe(c.field);
      }
    }
  });

  it("a body sent under /cached_api is refused by the same guard", async () => {
    const answer = await send(api, "POST", "/cached_api/events/hm-general-admission/pricecheck", {
      ticket_types_required: [{ ticket_type_id: "hm-ga-adult" }],
      event_session_id: "\u0000",
    });
    expect(expectValidationFailed(answer, "cached pricecheck")._extra.field).toBe("event_session_id");
  });

  it("a body the guard has read still reaches the route: escaped text is stored as sent", async () => {
    const { cartId, sessionId } = await newCart();
    // \u00e9 and a surrogate pair are escapes the guard parses; the route must read the same body.
    const answer = await send(api, "POST", `/api/my/cart/${cartId}/modify?${HM}`, {
      add: [
        {
          ticket_type_id: "hm-ga-adult",
          event_session_id: sessionId,
          quantity: 1,
          admit_name: "Ren\u00e9e \ud83c\udf9f",
        },
      ],
    });
    asCart(answer);
    const tickets = await api.handle.db.select().from(s.ticket).where(eq(s.ticket.cartId, cartId));
    expect(tickets.map((t) => t.admitName)).toContain("Ren\u00e9e \ud83c\udf9f");
  });

  it("a body that is not JSON is still the route's 400, and a route without a body ignores it", async () => {
    const res = await api.app.request(`/api/my/cart/modify?${HM}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"add": [\u0000',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { _data: { _code: string }[] })._data[0]?._code).toBe("validation_failed");
    const logout = await api.app.request(`/api/logout?${HM}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "not json",
    });
    expect(logout.status).toBeLessThan(500);
  });
});

describe("other hostile input the OpenAPI fuzz found is a 400, never a 500", () => {
  it.each(["__proto__", "toString", "", "1e400", "-1"])(
    "GET events/{id}/calendar?start_date=%s is a 400 validation_failed naming start_date",
    async (value) => {
      // Regression: the default end_date was counted from start_date before start_date was checked (RangeError, 500).
      for (const prefix of ["/api", "/cached_api"]) {
        const answer = await send(
          api,
          "GET",
          `${prefix}/events/hm-general-admission/calendar?${HM}&start_date=${encodeURIComponent(value)}`,
        );
        expect(expectValidationFailed(answer, `start_date=${value}`)._extra.field).toBe("start_date");
      }
    },
  );

  it("a JSON body nested deeper than any body of the contract is a 400, on every route", async () => {
    // Regression: a 5,000-deep additional_info overflowed JSON.stringify in checkout's idempotency hash (500).
    const deep = `${"[".repeat(5_000)}1${"]".repeat(5_000)}`;
    const identity = `{"first_name":"Ada","last_name":"Lovelace","email":"ada@example.com","additional_info":{"x":${deep}}}`;
    const session = await upcomingSession(api, "hm-general-admission", 0);
    await setSessionCapacity(api, session.id, 500, 0);
    const add = [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 1 }];
    const cart = cartOf(asCart(await send(api, "POST", `/api/my/cart/modify?${HM}`, { add })));
    const checkout = await send(
      api,
      "POST",
      `/api/cart/${cart.id}/guest_checkout`,
      `{"gateway_id":"test","identity":${identity}}`,
    );
    expect(expectValidationFailed(checkout, "deep guest_checkout")._description).toBe(
      "The request body is nested too deeply.",
    );
    const user = await loginIdentity(api);
    const put = await send(api, "PUT", `/api/my/user?${HM}`, `{"additional_info":{"x":${deep}}}`, {
      cookie: user.cookie,
    });
    expectValidationFailed(put, "deep PUT my/user");
  });
});

describe("a body bigger than any call of the contract is refused before it is read", () => {
  it("a 2 MB body is a 413 payload_too_large in the contract's error shape, with the limit", async () => {
    // Found after the fuzz: the body guard read any body whole; nothing bounded its size.
    const huge = JSON.stringify({ add: [], campaign: "x".repeat(2 * 1024 * 1024) });
    const answer = await send(api, "POST", `/api/my/cart/modify?${HM}`, huge);
    expect(answer.status).toBe(413);
    expect(errorOf(answer)._code).toBe("payload_too_large");
    expect(errorOf(answer)._extra.max_bytes).toBe(MAX_BODY_BYTES);
  });

  it("a body just under the limit is read as usual (a 4xx of the route, not 413)", async () => {
    const large = JSON.stringify({ add: [], campaign: "x".repeat(MAX_BODY_BYTES - 100) });
    const answer = await send(api, "POST", `/api/my/cart/modify?${HM}`, large);
    expect(answer.status).not.toBe(413);
    expect(answer.status).toBeLessThan(500);
  });
});
