/**
 * The membership form's submit: the browser's and the domain's checks, the giftee for a gift, the
 * reserve through the cart store, and what a failure shows (an error above the fields, or the
 * yes/no prompt whose answer reserves again). The rules are in lib/domain/membership/form.ts.
 */
import { type RefObject, useCallback, useRef, useState } from "react";
import type { TicketResource } from "../../lib/api/cart/schemas.ts";
import { failureOf } from "../../lib/api/errors.ts";
import {
  afterReservePath,
  giftTicketLines,
  isGiftToSelf,
  type MemberEntry,
  type MemberSections,
  type MembershipPromptOption,
  membershipErrorView,
  membersProblem,
  memberTicketLines,
} from "../../lib/domain/membership/form.ts";
import { campaignParams } from "../../lib/domain/reserve-query.ts";
import { addToCart } from "../../lib/stores/cart.ts";
import { requestDiscardOrCheckout } from "../../lib/stores/ui.ts";
import type { ShownError } from "./FormErrors.tsx";
import type { FormText } from "./form-text.ts";
import { membershipCalls } from "./membership-calls.ts";
import type { MembershipFormProps } from "./props.ts";
import type { Recipient } from "./RecipientFields.tsx";

export type Overrides = Partial<Record<MembershipPromptOption, boolean>>;
export interface MembershipPrompt {
  text: string;
  option: MembershipPromptOption;
}

/** What the submit reads: the form, the choices and the cart's tickets. */
export interface ReserveInput {
  formRef: RefObject<HTMLFormElement | null>;
  text: FormText;
  ready: boolean;
  levelId: string | undefined;
  sections: MemberSections;
  details: Record<string, MemberEntry>;
  counts: Record<string, number>;
  recipient: Recipient;
  survey: Record<string, string>;
  autoRenew: boolean;
  extend: boolean;
  cartTickets: readonly TicketResource[];
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const isControl = (el: Element): el is Control =>
  el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;

export function useMembershipReserve(props: MembershipFormProps, input: ReserveInput) {
  const [submitting, setSubmitting] = useState(false);
  const [shownError, setShownError] = useState<ShownError>(null);
  const [prompt, setPrompt] = useState<MembershipPrompt | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const { text } = input;
  const questions = props.surveyQuestions;

  const showError = useCallback((error: ShownError) => {
    setShownError(error);
    if (error) requestAnimationFrame(() => errorRef.current?.focus());
  }, []);

  async function reserve(overrides: Overrides) {
    const { levelId, sections, recipient } = input;
    if (!levelId || !input.ready || submitting) return;
    setShownError(null);
    const form = input.formRef.current;
    // Spec 1 §5: native validity on every input; the first invalid field is focused.
    const invalid = form ? [...form.elements].filter(isControl).find((el) => !el.checkValidity()) : undefined;
    if (invalid) {
      invalid.focus();
      invalid.reportValidity();
      return;
    }
    const lines =
      props.action === "gift"
        ? giftTicketLines(levelId, sections, recipient)
        : memberTicketLines(levelId, sections, input.details, input.counts);
    const problem = membersProblem(lines);
    if (problem) {
      showError({ kind: "text", text: text("membershipForm.atLeastOne") });
      return;
    }
    // The survey's checks load only for a group that has one (they bring the schema library).
    const { answers, errors } =
      questions.length > 0
        ? (await import("../../lib/domain/survey.ts")).surveyAnswers(questions, input.survey)
        : { answers: {}, errors: {} };
    const badQuestion = Object.keys(errors)[0];
    if (badQuestion) {
      form
        ?.querySelector<HTMLElement>(
          `[data-question="${CSS.escape(badQuestion)}"] input, [data-question="${CSS.escape(badQuestion)}"] select`,
        )
        ?.focus();
      return;
    }
    if (props.action === "gift" && isGiftToSelf(recipient.email, props.ownEmail)) {
      showError({ kind: "giftToSelf" });
      return;
    }
    // A purchase for oneself with a membership already in the cart: delete the cart or check out.
    if (props.action !== "gift" && input.cartTickets.some((t) => t.ticket_group_id === props.groupId)) {
      const choice = await requestDiscardOrCheckout();
      if (choice !== "discarded") return;
    }
    setSubmitting(true);
    try {
      const giftee =
        props.action === "gift"
          ? await (await membershipCalls(props.seller)).giftee({
              first_name: recipient.first.trim(),
              last_name: recipient.last.trim(),
              email: recipient.email.trim(),
              additional_info: answers,
            })
          : undefined;
      const campaign = campaignParams(new URLSearchParams(globalThis.location?.search ?? ""));
      await addToCart({
        add: lines,
        ...(Object.keys(answers).length > 0 ? { additionalInfo: { [props.groupId]: answers } } : {}),
        ...(Object.keys(campaign).length > 0 ? { campaign } : {}),
        ...(props.askAutoRenew
          ? { autoRenewMembership: overrides.autoRenewMembership ?? input.autoRenew }
          : {}),
        ...(props.action === "renew" || overrides.extendMembership !== undefined
          ? { extendMembership: overrides.extendMembership ?? input.extend }
          : {}),
        ...(giftee ? { giftee } : {}),
        ...(props.redeem ? { redeemMembership: props.redeem } : {}),
      });
      // Success: gift and redeem go to checkout; a purchase goes on to the upsell step.
      location.assign(afterReservePath(props.base, { action: props.action, redeem: props.redeem !== null }));
    } catch (error) {
      const failure = failureOf(error);
      const view = membershipErrorView(failure);
      if (view.kind !== "silent" && view.kind !== "giftToSelf")
        console.warn("membership.reserve_failed", { status: failure.status, code: failure.code });
      if (view.kind === "prompt") setPrompt({ text: view.text, option: view.option });
      else if (view.kind === "giftToSelf") showError({ kind: "giftToSelf" });
      else if (view.kind === "ruleBlocks")
        showError({
          kind: "text",
          text: [text("membershipForm.ruleBlocks"), view.reason].filter(Boolean).join(" "),
        });
      else if (view.kind === "message") showError({ kind: "text", text: view.text });
      setSubmitting(false);
    }
  }

  /** The prompt's answer: the reserve again with the option set, or nothing when it is closed. */
  function answerPrompt(value: boolean | null) {
    const option = prompt?.option;
    setPrompt(null);
    if (option && value !== null) void reserve({ [option]: value });
  }

  return { submitting, shownError, errorRef, reserve, prompt, answerPrompt };
}
