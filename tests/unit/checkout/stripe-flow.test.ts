import { afterEach, describe, expect, it, vi } from "vitest";
import { loadStripeOrNull } from "../../../src/islands/checkout/stripe-port.ts";
import { type ApiFailure, PAYMENT_MESSAGE } from "../../../src/lib/domain/payment-errors.ts";
import {
  runStripePayment,
  type StripeGatewayData,
  type StripePort,
} from "../../../src/lib/domain/stripe-flow.ts";
import { words } from "../../helpers/words.ts";

const NOT_CHARGED = "Your card has not been charged.";

const loadStripe = vi.hoisted(() => vi.fn<(key: string) => Promise<unknown>>());
vi.mock("@stripe/stripe-js/pure", () => ({ loadStripe }));

class FakeApiError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(failure.code);
  }
}

const readFailure = (error: unknown): ApiFailure =>
  error instanceof FakeApiError
    ? error.failure
    : { status: 0, code: "unexpected", description: "", extra: {} };

const requiresAction = new FakeApiError({
  status: 402,
  code: "intent_requires_action",
  description: "Authentication required",
  extra: { payment_intent_id: "pi_123", client_secret: "pi_123_secret_abc" },
});

function fakes(options: {
  submitError?: boolean;
  methodError?: { type: string; message: string };
  actionError?: { type: string; message: string };
  answers: Array<"ok" | FakeApiError>;
}) {
  const calls: string[] = [];
  const sent: StripeGatewayData[] = [];
  const port: StripePort = {
    async submit() {
      calls.push("submit");
      return options.submitError ? { error: { type: "validation_error", message: "Incomplete" } } : {};
    },
    async createPaymentMethod() {
      calls.push("createPaymentMethod");
      return options.methodError ? { error: options.methodError } : { paymentMethodId: "pm_1" };
    },
    async handleNextAction(secret) {
      calls.push(`handleNextAction:${secret}`);
      return options.actionError ? { error: options.actionError } : {};
    },
  };
  const checkout = async (data: StripeGatewayData) => {
    calls.push("checkout");
    sent.push(data);
    const next = options.answers.shift();
    if (next === undefined || next instanceof FakeApiError) throw next ?? new Error("no answer");
    return { status: "completed" as const };
  };
  return { port, checkout, calls, sent };
}

describe("stripe payment sequence (DESIGN §6)", () => {
  it("submit → createPaymentMethod → checkout with {payment_method_id}", async () => {
    const f = fakes({ answers: ["ok"] });
    const outcome = await runStripePayment(f.port, f.checkout, readFailure);
    expect(outcome).toEqual({ kind: "answer", answer: { status: "completed" } });
    expect(f.calls).toEqual(["submit", "createPaymentMethod", "checkout"]);
    expect(f.sent).toEqual([{ payment_method_id: "pm_1" }]);
  });

  it("402 intent_requires_action → handleNextAction({clientSecret}) → checkout again with {payment_intent_id}", async () => {
    const f = fakes({ answers: [requiresAction, "ok"] });
    const outcome = await runStripePayment(f.port, f.checkout, readFailure);
    expect(outcome.kind).toBe("answer");
    expect(f.calls).toEqual([
      "submit",
      "createPaymentMethod",
      "checkout",
      "handleNextAction:pi_123_secret_abc",
      "checkout",
    ]);
    expect(f.sent).toEqual([{ payment_method_id: "pm_1" }, { payment_intent_id: "pi_123" }]);
  });

  it("a submit error stops before any payment method or checkout, with the validation-error message", async () => {
    const f = fakes({ submitError: true, answers: ["ok"] });
    const outcome = await runStripePayment(f.port, f.checkout, readFailure);
    expect(outcome).toEqual({
      kind: "message",
      message: { id: PAYMENT_MESSAGE.validation },
      refreshCart: false,
    });
    expect(f.calls).toEqual(["submit"]);
  });

  it("'Your card has not been charged.' plus the provider message for a card_error from Stripe.js", async () => {
    const f = fakes({ methodError: { type: "card_error", message: "Your card was declined." }, answers: [] });
    const outcome = await runStripePayment(f.port, f.checkout, readFailure);
    expect(outcome.kind).toBe("message");
    if (outcome.kind === "message") {
      expect(words(outcome.message)).toBe(`${NOT_CHARGED} Your card was declined.`);
      expect(outcome.refreshCart).toBe(true);
    }
    expect(f.calls).not.toContain("checkout");
  });

  it("'only for card_error and invalid_request_error': a failed authentication of another type gives the generic text", async () => {
    const f = fakes({
      actionError: { type: "api_error", message: "internal detail" },
      answers: [requiresAction, "ok"],
    });
    const outcome = await runStripePayment(f.port, f.checkout, readFailure);
    expect(outcome.kind).toBe("message");
    if (outcome.kind === "message") {
      expect(words(outcome.message).startsWith(NOT_CHARGED)).toBe(true);
      expect(words(outcome.message)).not.toContain("internal detail");
      expect(outcome.refreshCart).toBe(true);
    }
    expect(f.calls.filter((c) => c === "checkout")).toHaveLength(1);
  });

  it("other checkout failures go back to the island untouched", async () => {
    const declined = new FakeApiError({
      status: 402,
      code: "card_declined",
      description: "declined",
      extra: { type: "card_error", message: "Your card was declined." },
    });
    const f = fakes({ answers: [declined] });
    const outcome = await runStripePayment(f.port, f.checkout, readFailure);
    expect(outcome).toEqual({ kind: "error", error: declined });
    expect(f.calls).not.toContainEqual(expect.stringMatching(/^handleNextAction/));
  });

  it("a requires_action without a client_secret is not retried", async () => {
    const noSecret = new FakeApiError({ ...requiresAction.failure, extra: { payment_intent_id: "pi_123" } });
    const f = fakes({ answers: [noSecret] });
    const outcome = await runStripePayment(f.port, f.checkout, readFailure);
    expect(outcome).toEqual({ kind: "error", error: noSecret });
  });

  it("a failure of the second checkout goes back to the island", async () => {
    const expired = new FakeApiError({ status: 410, code: "cart_expired", description: "", extra: {} });
    const f = fakes({ answers: [requiresAction, expired] });
    const outcome = await runStripePayment(f.port, f.checkout, readFailure);
    expect(outcome).toEqual({ kind: "error", error: expired });
  });
});

describe("Stripe.js loading (spec 2 §8 'the Stripe-failed-to-load message')", () => {
  afterEach(() => {
    loadStripe.mockReset();
    vi.useRealTimers();
  });

  it("a rejected load (blocked or offline js.stripe.com) is null, so the page shows the message", async () => {
    loadStripe.mockRejectedValueOnce(new Error("Failed to load Stripe.js"));
    await expect(loadStripeOrNull("pk_test_1")).resolves.toBeNull();
    expect(loadStripe).toHaveBeenCalledWith("pk_test_1");
  });

  it("a load that resolves null is null", async () => {
    loadStripe.mockResolvedValueOnce(null);
    await expect(loadStripeOrNull("pk_test_1")).resolves.toBeNull();
  });

  it("a load that never settles gives up after the timeout", async () => {
    vi.useFakeTimers();
    loadStripe.mockReturnValueOnce(new Promise(() => undefined));
    const result = loadStripeOrNull("pk_test_1", 1000);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBeNull();
  });

  it("a loaded Stripe is returned", async () => {
    const stripe = { elements: () => undefined };
    loadStripe.mockResolvedValueOnce(stripe);
    await expect(loadStripeOrNull("pk_test_1")).resolves.toBe(stripe);
  });

  it("the default tenant text is the spec's exactly", async () => {
    const { defaultStrings } = await import("../../../src/lib/tenant/strings.ts");
    expect(defaultStrings[PAYMENT_MESSAGE.stripeFailedToLoad]).toBe(
      "Credit card payment can not be processed because Stripe was unable to load. Try disabling any privacy blockers and ad blockers, and reloading the page.",
    );
  });
});
