/**
 * Auto-renew on the stripe gateway (against the recorded Stripe stand-in,
 * tests/fixtures/stripe): "choosing yes stores the payment method for later: Stripe's
 * setup_future_usage on the stripe gateway"; the renewal job charges the saved card off-session
 * with one idempotency key per term, once however often it runs; a declined off-session charge
 * fails the renewal.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { runRenewals } from "../../../src/lib/server/services/membership/renewal-job.ts";
import { type FakeStripe, startFakeStripe } from "../../fixtures/stripe/fake-server.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, loginIdentity, memberCustomInfo, send } from "../../helpers/cart.ts";

const api = withTestApi();
const ENV_KEYS = ["STRIPE_SECRET_KEY", "STRIPE_API_BASE", "STRIPE_WEBHOOK_SECRET"] as const;
let fake: FakeStripe;
const savedEnv: Record<string, string | undefined> = {};

beforeAll(async () => {
  fake = await startFakeStripe();
  for (const key of ENV_KEYS) savedEnv[key] = process.env[key];
  process.env.STRIPE_SECRET_KEY = "sk_test_foyer_fake";
  process.env.STRIPE_API_BASE = fake.url;
  process.env.STRIPE_WEBHOOK_SECRET = "whsec_foyer_test_secret";
});
afterAll(async () => {
  for (const key of ENV_KEYS) {
    if (savedEnv[key] === undefined) delete process.env[key];
    else process.env[key] = savedEnv[key];
  }
  await fake?.close();
});

async function buyWithStripe(autoRenew: boolean) {
  const who = await loginIdentity(api);
  const headers = { cookie: who.cookie };
  const cart = cartOf(
    asCart(
      await send(
        api,
        "POST",
        "/api/my/cart/modify?_seller=harbour-museum",
        {
          add: [{ ticket_type_id: "hm-membership-individual", quantity: 1 }],
          autoRenewMembership: autoRenew,
        },
        headers,
      ),
    ),
  );
  const paid = await send(
    api,
    "POST",
    `/api/my/cart/${cart.id}/checkout`,
    {
      gateway_id: "stripe",
      gateway_data: { payment_method_id: "pm_card_visa" },
      // The cart's required custom fields (harbour asks the buyer's ZIP code).
      ...(await memberCustomInfo(api, cart.id, who.identityId, headers)),
    },
    headers,
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const order = checkoutAnswer.parse(paid.body).ticket_order?._data[0];
  if (!order) throw new Error("no order");
  const [member] = await api.handle.db
    .select()
    .from(s.membership)
    .where(eq(s.membership.ticketOrderId, order.id));
  if (!member) throw new Error("no membership");
  return { member, intent: fake.created.at(-1) };
}

describe("auto-renew on the stripe gateway", () => {
  it("yes: the PaymentIntent is created on a customer with setup_future_usage off_session, and the saved card ('Visa ending 4242') enrols the membership", async () => {
    const customersBefore = fake.customers;
    const { member, intent } = await buyWithStripe(true);
    expect(intent).toMatchObject({
      setup_future_usage: "off_session",
      customer: `cus_foyer_${customersBefore + 1}`,
    });
    expect(member.autoRenewState).toBe("scheduled");
    const [method] = await api.handle.db
      .select()
      .from(s.savedPaymentMethod)
      .where(eq(s.savedPaymentMethod.id, member.savedPaymentMethodId ?? ""));
    expect(method).toMatchObject({
      gatewayId: "stripe",
      identifier: "Visa ending 4242",
      providerReference: `cus_foyer_${customersBefore + 1}|pm_1QfoyerVisa`,
    });
  });

  it("no: no customer, no setup_future_usage, not enrolled", async () => {
    const customersBefore = fake.customers;
    const { member, intent } = await buyWithStripe(false);
    expect(intent?.setup_future_usage ?? null).toBeNull();
    expect(fake.customers).toBe(customersBefore);
    expect(member.autoRenewState).toBeNull();
  });

  it("the renewal job charges the saved card off-session once, with one idempotency key per term", async () => {
    const { member } = await buyWithStripe(true);
    const keysBefore = fake.idempotencyKeys.length;
    const now = new Date(member.validTo.getTime() + 60_000);
    await Promise.all([runRenewals(api.handle.db, now), runRenewals(api.handle.db, now)]);
    await runRenewals(api.handle.db, now);
    const renewKeys = fake.idempotencyKeys
      .slice(keysBefore)
      .filter((k) => k.startsWith(`foyer-renew-${member.id}:`));
    expect(renewKeys).toHaveLength(1);
    const [renewal] = await api.handle.db
      .select()
      .from(s.membershipRenewal)
      .where(eq(s.membershipRenewal.membershipId, member.id));
    expect(renewal?.state).toBe("renewed");
    const charge = fake.created.find((i) => i.id === renewal?.paymentReference);
    expect(charge).toMatchObject({
      amount: 7500,
      currency: "usd",
      customer: expect.stringMatching(/^cus_foyer_/),
    });
    const [next] = await api.handle.db
      .select()
      .from(s.membership)
      .where(eq(s.membership.renewsMembershipId, member.id));
    expect(next).toMatchObject({ scanCode: member.scanCode, autoRenewState: "scheduled" });
  });

  it("a declined off-session charge fails the renewal and leaves the membership unrenewed", async () => {
    const { member } = await buyWithStripe(true);
    await api.handle.db
      .update(s.savedPaymentMethod)
      .set({ providerReference: "cus_foyer_declines|pm_card_chargeDeclined" })
      .where(eq(s.savedPaymentMethod.id, member.savedPaymentMethodId ?? ""));
    await runRenewals(api.handle.db, new Date(member.validTo.getTime() + 60_000));
    const [renewal] = await api.handle.db
      .select()
      .from(s.membershipRenewal)
      .where(eq(s.membershipRenewal.membershipId, member.id));
    expect(renewal).toMatchObject({ state: "failed", detail: "card_declined" });
    const next = await api.handle.db
      .select()
      .from(s.membership)
      .where(eq(s.membership.renewsMembershipId, member.id));
    expect(next).toEqual([]);
  });
});
