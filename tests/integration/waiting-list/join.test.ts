/**
 * Joining a sold-out session's waiting list: "a shopper joins its waiting list with an e-mail, how
 * many tickets, and which ticket types"; "one entry per e-mail per session"; "the list closes when
 * the session starts"; "a tenant setting turns the list on or off per event"; a place in the line;
 * the leave link.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import {
  joinWaitingList,
  leaveWaitingList,
  waitingPosition,
} from "../../../src/lib/server/services/waiting-list/join.ts";
import { getTenant } from "../../../src/lib/tenant/load.ts";
import { withTestApi } from "../../helpers/api.ts";
import { loginIdentity, setSessionCapacity, upcomingSession } from "../../helpers/cart.ts";
import { withList as withTenantList } from "./list-helpers.ts";

const api = withTestApi();
const harbour = getTenant("harbour-museum");
if (!harbour) throw new Error("no harbour-museum tenant");
const withList = (events: string[]) => withTenantList(harbour, events);
const museum = withList(["hm-general-admission"]);

async function soldOutSession(offset: number) {
  const session = await upcomingSession(api, "hm-general-admission", offset);
  await setSessionCapacity(api, session.id, 2, 2);
  return session;
}
const join = (
  sessionId: string,
  email: string,
  extra: Record<string, unknown> = {},
  address = randomUUID(),
) =>
  joinWaitingList(
    api.handle.db,
    museum,
    {
      sessionId,
      email,
      tickets: [
        { ticketTypeId: "hm-ga-adult", quantity: 1 },
        { ticketTypeId: "hm-ga-child", quantity: 1 },
      ],
      ...extra,
    },
    address,
    api.clock.now(),
  );
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: { items?: { _code: string }[] }) => e.items?.[0]?._code,
  );

describe("joining a waiting list", () => {
  it("on a sold-out session: a place in the line, in the order people joined", async () => {
    const session = await soldOutSession(20);
    const first = await join(session.id, `first-${randomUUID()}@example.com`);
    api.clock.advance(1000);
    const second = await join(session.id, `second-${randomUUID()}@example.com`);
    expect([first.position, second.position]).toEqual([1, 2]);
    expect(await waitingPosition(api.handle.db, "harbour-museum", second.entryId)).toBe(2);
    expect(first.leaveToken.length).toBeGreaterThan(30);
  });

  it("'one entry per e-mail per session', whatever its case", async () => {
    const session = await soldOutSession(21);
    const email = `once-${randomUUID()}@example.com`;
    await join(session.id, email);
    expect(await codeOf(join(session.id, email.toUpperCase()))).toBe("waiting_list_already_joined");
  });

  it("not while places are left for the party: they are booked instead", async () => {
    const session = await upcomingSession(api, "hm-general-admission", 22);
    await setSessionCapacity(api, session.id, 5, 2);
    expect(await codeOf(join(session.id, `free-${randomUUID()}@example.com`))).toBe(
      "waiting_list_not_sold_out",
    );
    // Two places left, a party of four waits.
    expect(
      await codeOf(
        join(session.id, `four-${randomUUID()}@example.com`, {
          tickets: [{ ticketTypeId: "hm-ga-adult", quantity: 4 }],
        }),
      ),
    ).toBe("ok");
  });

  it("'the list closes when the session starts'", async () => {
    const session = await soldOutSession(23);
    const late = joinWaitingList(
      api.handle.db,
      museum,
      {
        sessionId: session.id,
        email: `late-${randomUUID()}@example.com`,
        tickets: [{ ticketTypeId: "hm-ga-adult", quantity: 1 }],
      },
      randomUUID(),
      session.startDatetime,
    );
    expect(await codeOf(late)).toBe("waiting_list_closed");
  });

  it("'a tenant setting turns the list on or off per event'", async () => {
    const session = await soldOutSession(24);
    const off = joinWaitingList(
      api.handle.db,
      withList(["hm-special-exhibition"]),
      {
        sessionId: session.id,
        email: `off-${randomUUID()}@example.com`,
        tickets: [{ ticketTypeId: "hm-ga-adult", quantity: 1 }],
      },
      randomUUID(),
      api.clock.now(),
    );
    expect(await codeOf(off)).toBe("waiting_list_off");
    const every = joinWaitingList(
      api.handle.db,
      withList(["*"]),
      {
        sessionId: session.id,
        email: `all-${randomUUID()}@example.com`,
        tickets: [{ ticketTypeId: "hm-ga-adult", quantity: 1 }],
      },
      randomUUID(),
      api.clock.now(),
    );
    expect(await codeOf(every)).toBe("ok");
  });

  it("a confirmation e-mail has a link to leave the list", async () => {
    const session = await soldOutSession(29);
    const email = `mail-${randomUUID()}@example.com`;
    const joined = await join(session.id, email);
    const [mail] = await api.handle.db
      .select()
      .from(s.outbox)
      .where(and(eq(s.outbox.relatedId, joined.entryId), eq(s.outbox.kind, "waiting_list_joined")));
    expect(mail?.toAddress).toBe(email);
    expect(mail?.text).toContain("You are 1st in line.");
    expect(mail?.text).toContain(`/harbour-museum/waiting-list/leave?token=${joined.leaveToken}`);
  });

  it("ticket types of the session's event only; bad input is a clear 400", async () => {
    const session = await soldOutSession(25);
    const email = `types-${randomUUID()}@example.com`;
    expect(
      await codeOf(join(session.id, email, { tickets: [{ ticketTypeId: "rz-adult", quantity: 1 }] })),
    ).toBe("validation_failed");
    expect(
      await codeOf(join(session.id, email, { tickets: [{ ticketTypeId: "hm-ga-adult", quantity: 0 }] })),
    ).toBe("validation_failed");
    expect(await codeOf(join(session.id, "not-an-email"))).toBe("validation_failed");
    expect(await codeOf(join("no-such-session", email))).toBe("not_found");
  });

  it("joining is rate limited per address, like the other lookups", async () => {
    const session = await soldOutSession(26);
    const address = randomUUID();
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 11; i++)
      codes.push(await codeOf(join(session.id, `rl-${i}-${randomUUID()}@example.com`, {}, address)));
    expect(codes.slice(0, 10).every((c) => c === "ok")).toBe(true);
    expect(codes[10]).toBe("rate_limited");
  });

  it("the leave link ends the entry once; the others move up", async () => {
    const session = await soldOutSession(27);
    const first = await join(session.id, `leave-a-${randomUUID()}@example.com`);
    api.clock.advance(1000);
    const second = await join(session.id, `leave-b-${randomUUID()}@example.com`);
    await leaveWaitingList(api.handle.db, "harbour-museum", first.leaveToken, api.clock.now());
    expect(await waitingPosition(api.handle.db, "harbour-museum", first.entryId)).toBeNull();
    expect(await waitingPosition(api.handle.db, "harbour-museum", second.entryId)).toBe(1);
    expect(
      await codeOf(leaveWaitingList(api.handle.db, "harbour-museum", first.leaveToken, api.clock.now())),
    ).toBe("not_found");
    expect(await codeOf(leaveWaitingList(api.handle.db, "harbour-museum", "made-up", api.clock.now()))).toBe(
      "not_found",
    );
  });

  it("a logged-in member joins with one click: the account's e-mail, and the entry is theirs", async () => {
    const session = await soldOutSession(30);
    const member = await loginIdentity(api);
    const email = `member-${randomUUID()}@example.com`;
    await api.handle.db.update(s.identity).set({ email }).where(eq(s.identity.id, member.identityId));
    const res = await api.app.request("/api/waiting_list?_seller=harbour-museum", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: member.cookie },
      body: JSON.stringify({
        event_session_id: session.id,
        tickets: [{ ticket_type_id: "hm-ga-adult", quantity: 2 }],
      }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const [entry] = await api.handle.db
      .select()
      .from(s.waitingListEntry)
      .where(eq(s.waitingListEntry.eventSessionId, session.id));
    expect(entry).toMatchObject({ email, identityId: member.identityId, quantity: 2 });
    // A guest gives an e-mail; without one the join is a clear 400.
    const anonymous = await api.app.request("/api/waiting_list?_seller=harbour-museum", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        event_session_id: session.id,
        tickets: [{ ticket_type_id: "hm-ga-adult", quantity: 1 }],
      }),
    });
    expect(anonymous.status).toBe(400);
    expect(((await anonymous.json()) as { _data: { _description: string }[] })._data[0]?._description).toBe(
      "Enter your e-mail address.",
    );
    // In the call's language too.
    const spanish = await api.app.request("/api/waiting_list?_seller=harbour-museum&_lang=es", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        event_session_id: session.id,
        tickets: [{ ticket_type_id: "hm-ga-adult", quantity: 1 }],
      }),
    });
    expect(((await spanish.json()) as { _data: { _description: string }[] })._data[0]?._description).toBe(
      "Ingrese su dirección de correo electrónico.",
    );
  });

  it("over HTTP: join, a place in the line, leave; another tenant's entry is not found", async () => {
    const session = await soldOutSession(28);
    const email = `http-${randomUUID()}@example.com`;
    const post = (path: string, body: unknown) =>
      api.app.request(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const res = await post("/api/waiting_list?_seller=harbour-museum", {
      event_session_id: session.id,
      email,
      tickets: [{ ticket_type_id: "hm-ga-adult", quantity: 1 }],
    });
    // The demo tenant's file keeps a list for General Admission.
    expect(res.status).toBe(200);
    const joined = (
      (await res.json()) as { waiting_list_entry: { _data: { entry_id: string; leave_token: string }[] } }
    ).waiting_list_entry._data[0] ?? { entry_id: "", leave_token: "" };
    const again = await post("/api/waiting_list?_seller=harbour-museum", {
      event_session_id: session.id,
      email: email.toUpperCase(),
      tickets: [{ ticket_type_id: "hm-ga-adult", quantity: 1 }],
    });
    expect(await again.text()).toContain("waiting_list_already_joined");
    const read = await api.app.request(`/api/waiting_list/${joined.entry_id}?_seller=harbour-museum`);
    expect(await read.json()).toMatchObject({ waiting_list_entry: { _data: [{ position: 1 }] } });
    expect(read.headers.get("cache-control")).toBe("no-store");
    const elsewhere = await api.app.request(`/api/waiting_list/${joined.entry_id}?_seller=riverside-zoo`);
    expect(await elsewhere.json()).toMatchObject({ waiting_list_entry: { _data: [{ position: null }] } });
    expect(
      (await post("/api/waiting_list/leave?_seller=riverside-zoo", { token: joined.leave_token })).status,
    ).toBe(404);
    expect(
      (await post("/api/waiting_list/leave?_seller=harbour-museum", { token: joined.leave_token })).status,
    ).toBe(200);
  });
});

describe("'An order's e-mails follow the language it was bought in': a waiting list's", () => {
  it("an entry joined in Spanish keeps es, and its joined mail is Spanish with the leave link at /es/", async () => {
    const { localizedTenant } = await import("../../../src/lib/tenant/languages.ts");
    const session = await soldOutSession(6);
    const joined = await joinWaitingList(
      api.handle.db,
      localizedTenant(museum, "es"),
      {
        sessionId: session.id,
        email: "lista-es@example.com",
        tickets: [{ ticketTypeId: "hm-ga-adult", quantity: 1 }],
      },
      randomUUID(),
      api.clock.now(),
      "es",
    );
    const [entry] = await api.handle.db
      .select()
      .from(s.waitingListEntry)
      .where(eq(s.waitingListEntry.id, joined.entryId));
    expect(entry?.language).toBe("es");
    const [mail] = await api.handle.db
      .select()
      .from(s.outbox)
      .where(and(eq(s.outbox.relatedId, joined.entryId), eq(s.outbox.kind, "waiting_list_joined")));
    expect(mail?.text).toMatch(/\/harbour-museum\/es\/waiting-list\/leave\?token=/);
    expect(mail?.html).toContain('<html lang="es-US">');
  });
});
