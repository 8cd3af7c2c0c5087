/**
 * The checkout calls (spec 2 §7): guest_checkout, checkout and gift_checkout convert the cart into
 * a ticket order in one transaction (guard.ts); pay takes a partial payment (gift cards first).
 * Amounts are checked against the outstanding total and, for cards, the limits of spec 2 §5. On a
 * plan cart a checkout's `amount` may be below the outstanding total: that is the partial-payment
 * choice (spec 2 §4) and is taken exactly like pay (partial.ts), on the test and stripe gateways alike.
 */

import type { z } from "zod";
import type { CheckoutAnswer, checkoutBody, payBody } from "../../../api/checkout/schemas.ts";
import type { CustomFieldSpec } from "../../../domain/identity-custom-fields.ts";
import { toMoneyString } from "../../../domain/money.ts";
import { tenantAsAsked } from "../../../tenant/languages.ts";
import { getTenant } from "../../../tenant/load.ts";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/client.ts";
import type { Tx } from "../../db/executor.ts";
import { startNow } from "../../db/sequenced.ts";
import { fail, validationFailed } from "../../errors/api-error.ts";
import { gatewayNotAllowed } from "../../payments/errors.ts";
import { gatewayFor } from "../../payments/index.ts";
import { forbidden } from "../cart/errors.ts";
import { cachedSellerById } from "../cart/static-rows.ts";
import type { CartRow, TicketRow } from "../cart/types.ts";
import { guestIdentityOf } from "../compat/guest-identity.ts";
import type { Caller } from "../identity/identity.ts";
import { checkoutEdit } from "../manage/edit/apply.ts";
import { assertNotSelfGift } from "../membership/giftee.ts";
import { claimGiftCode } from "../membership/redeem.ts";
import { saveCheckoutPaymentMethod, wantsSavedMethod } from "../membership/saved-payment.ts";
import { requestMoney } from "../money/request-money.ts";
import { assertAdmitted } from "../waiting-room/guard.ts";
import { checkoutAnswerOf } from "./answer.ts";
import { keepCartLanguage } from "./cart-language.ts";
import { cartPayments, cartTotal, paidAmount } from "./cart-state.ts";
import { completeOrder } from "./complete-order.ts";
import { confirmPendingPayment } from "./confirm-pending.ts";
import { bookCart } from "./convert.ts";
import { amountMismatch, cartEmpty, identityRequired } from "./errors.ts";
import { guardedCheckout, requestHash } from "./guard.ts";
import { identityById, mergeAdditionalInfo, type OrderIdentity, storeGuestIdentity } from "./identity.ts";
import { payInstalment } from "./instalment.ts";
import { assertCardAmount, assertNewGiftCard, recordPayment, takePartialPayment } from "./partial.ts";
import { hasPlan } from "./plan.ts";
import { bookPlanOrder } from "./plan-order.ts";
import { assertRequiredCustomFields, cartCustomFields, storedAdditionalInfo } from "./required-fields.ts";

export interface CheckoutDeps {
  db: Db;
  clock: Clock;
  /** The call's language (`_lang`): the refusals' words are the tenant's in it. */
  language?: string | undefined;
}

/** The tenant's words in the call's language (the defaults without a tenant file). */
function wordsOf(slug: string, language: string | undefined) {
  const tenant = getTenant(slug);
  return tenant && tenantAsAsked(tenant, language);
}

export type CheckoutInput = z.output<typeof checkoutBody>;
export type PayInput = z.output<typeof payBody>;
/** guest: cart/{id}/guest_checkout; member: my/cart/{id}/checkout and gift_checkout (a logged-in caller). */
export type CheckoutKind = "guest" | "member";

/** The cart's seller, from the static-row cache (a checkout's read the fewer). */
async function sellerOf(owner: Db, tx: Tx, sellerId: string) {
  const seller = await cachedSellerById(owner, tx, sellerId);
  if (!seller) throw new Error(`seller ${sellerId} missing`);
  return seller;
}

/** What decides the purchaser: the seller (its tenant's texts) and the custom fields the cart asks. */
interface PurchaserContext {
  sellerSlug: string;
  /** The cart's custom identity fields (required-fields.ts); a required one must be given. */
  customFields: readonly CustomFieldSpec[];
}

async function orderIdentity(
  tx: Tx,
  cart: CartRow,
  caller: Caller,
  kind: CheckoutKind,
  body: CheckoutInput,
  now: Date,
  purchaser: PurchaserContext,
  /** The guest of `body.identity`, when already stored with the first reads (guestStoredEarly). */
  storedGuest?: Promise<OrderIdentity>,
): Promise<OrderIdentity> {
  const loggedIn = caller.identityId !== null && caller.sellerId === cart.sellerId;
  // Spec 1 §5: a logged-in buyer's required custom fields may be stored already.
  const asLoggedIn = async (identityId: string) => {
    const stored = await storedAdditionalInfo(tx, identityId);
    const info = { ...stored, ...(body.additional_info ?? {}) };
    assertRequiredCustomFields(purchaser.customFields, info, "additional_info", purchaser.sellerSlug);
    await mergeAdditionalInfo(tx, identityId, body.additional_info);
    return identityById(tx, identityId);
  };
  if (kind === "member") {
    if (!loggedIn || !caller.identityId) throw forbidden("Please log in to check out.");
    return asLoggedIn(caller.identityId);
  }
  if (body.identity && body.guest_identity_id) {
    throw validationFailed(
      "Send identity or guest_identity_id, not both.",
      { field: "guest_identity_id" },
      "checkout",
    );
  }
  if (body.identity) {
    // A guest gives the required custom fields with their identity, at this checkout.
    assertRequiredCustomFields(
      purchaser.customFields,
      body.identity.additional_info,
      "identity.additional_info",
      purchaser.sellerSlug,
    );
    return storedGuest ?? storeGuestIdentity(tx, cart.sellerId, body.identity, now);
  }
  // A guest identity made by POST user, checked like a logged-in buyer's stored fields.
  if (body.guest_identity_id)
    return asLoggedIn(await guestIdentityOf(tx, cart.sellerId, body.guest_identity_id));
  if (loggedIn && caller.identityId) return asLoggedIn(caller.identityId);
  throw identityRequired();
}

/**
 * Whether a guest checkout's identity is stored with its first reads, in their round trip: only the
 * guest `body.identity` names, whose storing answers nothing the first reads need. Until the
 * checkout's own checks have passed it is only inside the transaction: a refusal rolls it back.
 */
function guestStoredEarly(
  kind: CheckoutKind,
  body: CheckoutInput,
): body is CheckoutInput & { identity: NonNullable<CheckoutInput["identity"]> } {
  return kind === "guest" && body.identity !== undefined && body.guest_identity_id === undefined;
}

/** What an instalment payment on a booked cart needs from a checkout or pay call. */
async function instalmentInput(
  owner: Db,
  tx: Tx,
  cart: CartRow,
  caller: Caller,
  body: Pick<CheckoutInput, "amount" | "gateway_id" | "gateway_data">,
  key: string | null,
  now: Date,
) {
  const seller = await sellerOf(owner, tx, cart.sellerId);
  return {
    caller,
    amount: body.amount,
    gatewayId: body.gateway_id,
    data: body.gateway_data,
    currency: seller.currencyCode,
    key,
    now,
  };
}

export async function checkout(
  deps: CheckoutDeps,
  cartId: string,
  caller: Caller,
  kind: CheckoutKind,
  body: CheckoutInput,
  headerKey?: string,
  /** The language the buyer shops in (the API call's), kept on the cart for its order. */
  language?: string | null,
): Promise<CheckoutAnswer> {
  const now = deps.clock.now();
  const key = headerKey ?? body.idempotency_key ?? null;
  const guard = {
    db: deps.db,
    cartId,
    caller,
    now,
    key,
    hash: requestHash(`checkout:${kind}`, { ...body, idempotency_key: undefined }),
    // A pending payment confirmed (confirm-pending.ts), else an instalment of the order's plan (instalment.ts).
    onBooked: async (tx: Tx, cart: CartRow) =>
      (await confirmPendingPayment(tx, cart, {
        gatewayData: body.gateway_data,
        sendEmail: body.send_email,
        now,
      })) ??
      (await payInstalment(tx, cart, await instalmentInput(deps.db, tx, cart, caller, body, key, now))),
  };
  // The buyer's language kept on the cart, its total, its payments and custom fields: read with the
  // guard's code check, in one round trip (none for an edit cart or an empty one).
  const firstReads = async (tx: Tx, locked: CartRow, held: readonly TicketRow[]) => {
    if (locked.editsTicketOrderId || !held.length) return undefined;
    const { currencyCode } = await sellerOf(deps.db, tx, locked.sellerId);
    const reads = Promise.all([
      keepCartLanguage(tx, locked, language),
      cartTotal(tx, locked, held, currencyCode),
      cartPayments(tx, locked.id),
      cartCustomFields(tx, locked.sellerId, held),
    ]);
    // Sent after the reads, so a failure of its own is not taken for theirs.
    const guest = guestStoredEarly(kind, body)
      ? startNow(storeGuestIdentity(tx, locked.sellerId, body.identity, now))
      : undefined;
    // Awaited after the checks: a refusal before then must not leave its failure unhandled.
    guest?.catch(() => {});
    const [cart, total, payments, customFields] = await reads;
    return { cart, total, payments, customFields, guest };
  };
  return guardedCheckout(
    guard,
    async (tx, locked, held, first) => {
      const seller = await sellerOf(deps.db, tx, locked.sellerId);
      // An edit cart changes its order instead of making one (manage/edit/apply.ts).
      if (locked.editsTicketOrderId) {
        const { gateway_id, gateway_data, amount } = body;
        const edit = {
          gatewayId: gateway_id,
          data: gateway_data,
          amount,
          key,
          currency: seller.currencyCode,
          now,
        };
        return checkoutEdit(tx, locked, edit);
      }
      const tickets = [...held];
      if (!tickets.length || !first) throw cartEmpty(locked.id);
      await assertAdmitted(
        tx,
        locked.sellerId,
        tickets.map((t) => t.eventTemplateId),
        caller.admissionToken,
        now,
      );
      const { cart, total, payments, customFields, guest } = first;
      const outstanding = Math.max(0, total - paidAmount(payments));
      const asked =
        body.amount === undefined
          ? outstanding
          : requestMoney(body.amount, seller.currencyCode, { field: "amount" });
      const gateway = gatewayFor(body.gateway_id);
      const partial = asked > 0 && asked < outstanding && gateway.cardLimits;
      if (asked !== outstanding && !(partial && (await hasPlan(tx, cart, tickets)))) {
        throw amountMismatch(toMoneyString(outstanding, seller.currencyCode));
      }
      // Spec 1 §5: the purchaser is decided (and a missing required custom field refused)
      // before any payment is taken, partial or whole.
      const identity = await orderIdentity(
        tx,
        cart,
        caller,
        kind,
        body,
        now,
        {
          sellerSlug: seller.slug,
          customFields,
        },
        guest,
      );
      // No gift of membership to oneself (spec 2 §5).
      await assertNotSelfGift(tx, cart.membershipOptions.gifteeIdentityId, identity);
      if (partial) {
        // Spec 2 §4, §5: the chosen amount (due or other) on a plan is a partial payment, whichever
        // card gateway takes it; the identity is stored like at any checkout with a payment. Once it
        // has succeeded the order is booked, still owing its instalments (plan-order.ts).
        const paymentAnswer = await takePartialPayment(tx, {
          cart,
          currency: seller.currencyCode,
          tickets,
          total,
          payments,
          amount: asked,
          gateway,
          data: body.gateway_data,
          key,
          chargeKey: key ?? `pay:${cart.id}:${payments.length}`,
          now,
          words: wordsOf(seller.slug, deps.language),
        });
        return bookPlanOrder(
          tx,
          {
            cart,
            tickets,
            identity,
            total,
            paidBefore: paidAmount(payments),
            seller,
            sendEmail: body.send_email,
            now,
          },
          paymentAnswer,
        );
      }
      // A redeemed gift code is claimed before any payment (one checkout wins it).
      const giftCodeId = await claimGiftCode(tx, cart, tickets, now);
      const words = wordsOf(seller.slug, deps.language);
      if (gateway.cardLimits) assertCardAmount(outstanding, seller.currencyCode, words);
      assertNewGiftCard(payments, gateway, body.gateway_data, words);
      // Auto-renew keeps the card (membership/saved-payment.ts); the order's memberships enrol.
      const saveForLater = await wantsSavedMethod(tx, cart, tickets, gateway.id);
      const charge = await gateway.charge(tx, {
        cartId: cart.id,
        sellerId: cart.sellerId,
        amount: outstanding,
        currency: seller.currencyCode,
        data: body.gateway_data,
        idempotencyKey: key ?? `checkout:${cart.id}`,
        now,
        saveForLater,
      });
      if (charge.amount < outstanding) {
        throw fail("ledger_insufficient", {
          extra: { total_outstanding: toMoneyString(outstanding, seller.currencyCode) },
        });
      }
      const recorded =
        gateway.id === "free" ? null : await recordPayment(tx, cart, gateway, charge, key, now);
      if (saveForLater) {
        await saveCheckoutPaymentMethod(tx, {
          cartId: cart.id,
          sellerId: cart.sellerId,
          identityId: identity.id,
          gatewayId: gateway.id,
          data: body.gateway_data,
          charge,
          now,
        });
      }
      const state = charge.status === "pending" ? "pending" : "completed";
      const booking = { cart, tickets, identity, total, giftCodeId };
      // A payment still processing books a pending order, completed when it succeeds (complete-order.ts).
      const order =
        state === "completed"
          ? await completeOrder(tx, { ...booking, seller }, { sendEmail: body.send_email, now })
          : await bookCart(tx, booking, "pending", now);
      return checkoutAnswerOf({
        cartId: cart.id,
        status: state,
        orders: [order],
        // The payments read under the cart's lock, and this one: nothing else pays for a locked cart.
        payments: recorded ? [...payments, recorded] : payments,
        amountPaid: charge.amount,
        outstanding: state === "completed" ? 0 : outstanding,
        reference: state === "pending" ? charge.reference : null,
        currency: seller.currencyCode,
      });
    },
    firstReads,
  );
}

/** POST cart/{id}/pay and my/cart/{id}/pay: a partial payment of at most the outstanding total. */
export async function pay(
  deps: CheckoutDeps,
  cartId: string,
  caller: Caller,
  body: PayInput,
  headerKey?: string,
  language?: string | null,
): Promise<CheckoutAnswer> {
  const now = deps.clock.now();
  const key = headerKey ?? body.idempotency_key ?? null;
  // Zero or less whatever the currency's places (its minor units are read with the seller's, below).
  if (body.amount.startsWith("-") || !/[1-9]/.test(body.amount)) {
    throw validationFailed("The amount must be more than zero.", { field: "amount" });
  }
  const guard = {
    db: deps.db,
    cartId,
    caller,
    now,
    key,
    hash: requestHash("pay", { ...body, idempotency_key: undefined }),
    // An instalment of a booked order's plan (instalment.ts).
    onBooked: async (tx: Tx, cart: CartRow) =>
      payInstalment(tx, cart, await instalmentInput(deps.db, tx, cart, caller, body, key, now)),
  };
  return guardedCheckout(guard, async (tx, locked, held) => {
    // An order's change is paid in one go at its checkout (manage/edit/apply.ts).
    if (locked.editsTicketOrderId)
      throw gatewayNotAllowed("An order change is paid in one payment at checkout.");
    const cart = await keepCartLanguage(tx, locked, language);
    const seller = await sellerOf(deps.db, tx, cart.sellerId);
    const amount = requestMoney(body.amount, seller.currencyCode, { field: "amount" });
    const tickets = [...held];
    if (!tickets.length) throw cartEmpty(cart.id);
    const total = await cartTotal(tx, cart, tickets, seller.currencyCode);
    const payments = await cartPayments(tx, cart.id);
    const outstanding = Math.max(0, total - paidAmount(payments));
    // Spec 2 §5, no gift of membership to oneself: a logged-in payer is the buyer, known before any
    // money is taken (a guest's pay names nobody; their checkout, which names them, refuses it).
    if (caller.identityId && caller.sellerId === cart.sellerId) {
      await assertNotSelfGift(
        tx,
        cart.membershipOptions.gifteeIdentityId,
        await identityById(tx, caller.identityId),
      );
    }
    if (amount > outstanding) {
      throw validationFailed("The amount is more than the total outstanding.", {
        field: "amount",
        total_outstanding: toMoneyString(outstanding, seller.currencyCode),
      });
    }
    return takePartialPayment(tx, {
      cart,
      currency: seller.currencyCode,
      tickets,
      total,
      payments,
      amount,
      gateway: gatewayFor(body.gateway_id),
      data: body.gateway_data,
      key,
      chargeKey: key ?? `pay:${cart.id}:${payments.length}`,
      now,
      words: wordsOf(seller.slug, deps.language),
    });
  });
}
