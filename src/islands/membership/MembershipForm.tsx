/**
 * The membership purchase form, id `buy-membership-form` (spec 1 §2, §4, §5, §8), in the spec's
 * section order: previous membership summary, error area, level chooser, 'extend membership'
 * (renew), member details, recipient (gift), survey, auto-renew question, footnote, reserve with
 * back navigation, and the mobile footer with a skip action.
 *
 * Contexts: buy, renew (prefilled from the visitor's current membership) and gift (the giftee is
 * created with POST giftee before the reserve). A `redeem` code is sent with the reserve. A visitor
 * not logged in with an empty cart first meets the login-or-guest modal; gifting with a non-empty
 * cart first asks to act on the cart. The rules live in lib/domain/membership/form.ts; this island
 * puts its parts together: the choices (useMembershipChoices), the start (useMembershipStart) and
 * the submit (useMembershipReserve), each part of the form a component of its own.
 */
import "../reserve/reserve.css";
import "./membership.css";
import { useStore } from "@nanostores/react";
import {
  type FormEvent,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { startLabelKey } from "../../lib/domain/membership/form.ts";
import { formatMoney } from "../../lib/domain/money.ts";
import { $cart, initCart } from "../../lib/stores/cart.ts";
import { format } from "../../lib/tenant/string-format.ts";
import type { LoginStringKey, LoginTranslate } from "../login/login-strings.ts";
import { IslandForm } from "../ui/IslandForm.tsx";
import { FormErrors } from "./FormErrors.tsx";
import { AutoRenewQuestion, ExtendOption, SurveyQuestions } from "./FormQuestions.tsx";
import { formText } from "./form-text.ts";
import { LevelChooser } from "./LevelChooser.tsx";
import { MemberFields } from "./MemberFields.tsx";
import { MembershipFooter } from "./MembershipFooter.tsx";
import { MembershipPromptDialog } from "./MembershipPromptDialog.tsx";
import { PreviousMembershipSummary } from "./PreviousMembershipSummary.tsx";
import type { MembershipFormProps } from "./props.ts";
import { emptyRecipient, type Recipient, RecipientFields } from "./RecipientFields.tsx";
import { useMembershipChoices } from "./useMembershipChoices.ts";
import { useMembershipReserve } from "./useMembershipReserve.ts";
import { useMembershipStart } from "./useMembershipStart.ts";

export const FORM_ID = "buy-membership-form";

// The login-or-guest modal and its login calls load when the modal first opens (they bring the
// account client and the schema library; DESIGN §9 page budget).
const LoginOrGuestDialog = lazy(() =>
  import("../login/LoginOrGuestDialog.tsx").then((m) => ({ default: m.LoginOrGuestDialog })),
);

export default function MembershipForm(props: MembershipFormProps) {
  const text = useMemo(() => formText(props.strings), [props.strings]);
  const loginTr = useMemo<LoginTranslate>(
    () => (key: LoginStringKey, vars?: Record<string, string | number>) =>
      format(props.loginStrings[key], vars),
    [props.loginStrings],
  );
  const money = (minor: number) => formatMoney(minor, props.currency, props.locale);

  const cart = useStore($cart);
  const cartTickets = cart?.envelope.ticket._data ?? [];
  const choices = useMembershipChoices(props);
  const [recipient, setRecipient] = useState<Recipient>(emptyRecipient);
  const [survey, setSurvey] = useState<Record<string, string>>({});
  const [extend, setExtend] = useState(true);
  // The form now comes with the page: until the island runs, its controls are disabled, so a
  // click or a choice made before hydration is not silently lost.
  const [hydrated, setHydrated] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const levelsName = useId();
  const autoRenewName = useId();

  const focusForm = useCallback(() => {
    requestAnimationFrame(() => {
      const target = document.getElementById(headingId);
      target?.focus();
      target?.scrollIntoView({ block: "start" });
    });
  }, [headingId]);

  const cartHasTickets = cartTickets.length > 0;
  const entry = useMembershipStart(props, { cartHasTickets, text, focusForm });
  const submit = useMembershipReserve(props, {
    formRef,
    text,
    ready: choices.rules !== null,
    levelId: choices.levelId,
    sections: choices.sections,
    details: choices.details,
    counts: choices.counts,
    recipient,
    survey,
    autoRenew: choices.autoRenew,
    extend,
    cartTickets,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount.
  useEffect(() => {
    initCart({ seller: props.seller, ...(props.tagManagerId ? { tagManagerId: props.tagManagerId } : {}) });
    setHydrated(true);
  }, []);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit.reserve({});
  }

  const { rules, levelId, previous } = choices;
  const { submitting } = submit;
  const questions = props.surveyQuestions;
  const level = props.levels.find((l) => l.id === levelId);
  const heading =
    props.action === "gift"
      ? text("membershipForm.heading.gift")
      : props.action === "renew"
        ? text("membershipForm.heading.renew")
        : text("membershipForm.heading");

  return (
    <section className="reserve membership-form" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>
        {heading}
      </h2>
      {props.redeem && (
        <p className="notice membership-form__redeem">
          {text("membershipForm.redeem.note", { code: props.redeem })}
        </p>
      )}
      {rules === null ? (
        <p role="status" className="membership-form__loading">
          {choices.loadError ? text("membershipForm.loadError") : text("membershipForm.loading")}
        </p>
      ) : (
        <IslandForm
          id="buy-membership-form"
          ref={formRef}
          noValidate
          onSubmit={onSubmit}
          aria-busy={submitting || undefined}
          data-testid="buy-membership-form"
        >
          {previous && (
            <PreviousMembershipSummary
              previous={previous}
              levels={props.levels}
              action={props.action}
              redeem={props.redeem !== null}
              base={props.base}
              locale={props.locale}
              timezone={props.timezone}
              text={text}
            />
          )}
          <FormErrors ref={submit.errorRef} error={submit.shownError} base={props.base} text={text} />
          <LevelChooser
            levels={props.levels}
            levelId={levelId}
            name={levelsName}
            disabled={submitting || !hydrated}
            onChoose={choices.chooseLevel}
            money={money}
            text={text}
          />
          {entry.gated ? (
            <div className="membership-start">
              <button
                type="button"
                className="button"
                disabled={!hydrated}
                onClick={() => void entry.start()}
              >
                {loginTr(startLabelKey({ action: props.action, redeem: props.redeem !== null }))}
              </button>
            </div>
          ) : (
            <>
              {props.action === "renew" && (
                <ExtendOption
                  checked={extend}
                  ended={Boolean(previous?.ended)}
                  disabled={submitting}
                  onChange={setExtend}
                  text={text}
                />
              )}
              {levelId && props.action !== "gift" && (
                <MemberFields
                  sections={choices.sections}
                  details={choices.details}
                  counts={choices.counts}
                  onDetail={choices.setDetail}
                  onCount={choices.setCount}
                  text={text}
                  disabled={submitting}
                />
              )}
              {props.action === "gift" && (
                <RecipientFields
                  value={recipient}
                  onChange={setRecipient}
                  text={text}
                  disabled={submitting}
                />
              )}
              {questions.length > 0 && (
                <SurveyQuestions
                  questions={questions}
                  answers={survey}
                  disabled={submitting}
                  onAnswer={(key, value) => setSurvey((s) => ({ ...s, [key]: value }))}
                  text={text}
                />
              )}
              {props.askAutoRenew && (
                <AutoRenewQuestion
                  name={autoRenewName}
                  value={choices.autoRenew}
                  disabled={submitting}
                  onChange={choices.setAutoRenew}
                  text={text}
                />
              )}
              <p className="muted membership-form__footnote">{text("membershipForm.footnote")}</p>
            </>
          )}
          <MembershipFooter
            cartTicketCount={cartTickets.length}
            levelChosen={Boolean(levelId)}
            total={money(level?.amount ?? 0)}
            base={props.base}
            showSubmit={!entry.gated}
            canSubmit={!!levelId && !submitting}
            submitting={submitting}
            toCheckout={props.action === "gift" || Boolean(props.redeem)}
            text={text}
          />
        </IslandForm>
      )}
      {entry.loginOpen && (
        <Suspense fallback={null}>
          <LoginOrGuestDialog
            open={entry.loginOpen}
            seller={props.seller}
            base={props.base}
            modes={props.loginModes}
            tr={loginTr}
            redirectPath={props.path}
            external={props.externalLogin}
            onGuest={entry.goOnAsGuest}
            onClose={entry.closeLogin}
            onLoggedIn={entry.afterLoggedIn}
          />
        </Suspense>
      )}
      <MembershipPromptDialog
        question={submit.prompt?.text ?? null}
        onAnswer={submit.answerPrompt}
        text={text}
      />
    </section>
  );
}
