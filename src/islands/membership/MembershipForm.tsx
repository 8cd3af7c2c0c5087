/**
 * The membership purchase form, id `buy-membership-form` (spec 1 §2, §4, §5, §8; issue 12), in the
 * spec's section order: previous membership summary, error area, level chooser, 'extend
 * membership' (renew), member details, recipient (gift), survey, auto-renew question, footnote,
 * reserve with back navigation, and the mobile footer with a skip action.
 *
 * Contexts: buy, renew (prefilled from the visitor's current membership) and gift (the giftee is
 * created with POST giftee before the reserve). A `redeem` code is sent with the reserve. A visitor
 * not logged in with an empty cart first meets the login-or-guest modal; gifting with a non-empty
 * cart first asks to act on the cart. The rules live in lib/domain/membership/form.ts; this island
 * renders them and talks to the API through the cart store.
 */
import "../reserve/reserve.css";
import "./membership.css";
import { useStore } from "@nanostores/react";
import {
  type FormEvent,
  lazy,
  Suspense,
  startTransition,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { failureOf } from "../../lib/api/errors.ts";
import type { MembershipApi } from "../../lib/api/membership-client.ts";
import { withArticle } from "../../lib/domain/article.ts";
import { badgeLabel } from "../../lib/domain/cart-items.ts";
import { formatLongDate } from "../../lib/domain/date-format.ts";
import { loginEnabled } from "../../lib/domain/login-input.ts";
import {
  AUTO_RENEW_AFTER_LEVEL_CHANGE,
  afterReservePath,
  calendarDayOf,
  carryDetails,
  type FormRule,
  giftTicketLines,
  initialCounts,
  initialLevel,
  isGiftToSelf,
  lastValidDay,
  type MemberEntry,
  type MembershipPromptOption,
  memberSections,
  membershipErrorView,
  membersProblem,
  memberTicketLines,
  type PreviousMembership,
  previousMembership,
  renewPrefill,
  showsHeldMembership,
  startLabelKey,
} from "../../lib/domain/membership/form.ts";
import { formatMoney } from "../../lib/domain/money.ts";
import { campaignParams } from "../../lib/domain/reserve-query.ts";
import { $cart, addToCart, initCart } from "../../lib/stores/cart.ts";
import { openMobileCart, requestDiscardOrCheckout } from "../../lib/stores/ui.ts";
import { format } from "../../lib/tenant/string-format.ts";
import type { LoginStringKey, LoginTranslate } from "../login/login-strings.ts";
import { ChoiceInput } from "../ui/ChoiceInput.tsx";
import { Dialog } from "../ui/Dialog.tsx";
import { IslandForm } from "../ui/IslandForm.tsx";
import { SurveyField } from "../ui/SurveyField.tsx";
import { formText } from "./form-text.ts";
import { MemberFields } from "./MemberFields.tsx";
import { formRulesOf, previousMembersOf, roleCountsOf } from "./membership-data.ts";
import type { MembershipFormProps } from "./props.ts";
import { emptyRecipient, type Recipient, RecipientFields } from "./RecipientFields.tsx";

export const FORM_ID = "buy-membership-form";
const GUEST_KEY = "foyer.membership.guest";
const CONTINUE_KEY = "foyer.membership.continue";

type ShownError = { kind: "text"; text: string } | { kind: "giftToSelf" } | null;

type Overrides = Partial<Record<MembershipPromptOption, boolean>>;

function readFlag(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeFlag(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Without storage the visitor chooses again.
  }
}

// The login-or-guest modal and its login calls load when the modal first opens (they bring the
// account client and the schema library; DESIGN §9 page budget).
const LoginOrGuestDialog = lazy(() =>
  import("../login/LoginOrGuestDialog.tsx").then((m) => ({ default: m.LoginOrGuestDialog })),
);

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const isControl = (el: Element): el is Control =>
  el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;

export default function MembershipForm(props: MembershipFormProps) {
  const text = useMemo(() => formText(props.strings), [props.strings]);
  const loginTr = useMemo<LoginTranslate>(
    () => (key: LoginStringKey, vars?: Record<string, string | number>) =>
      format(props.loginStrings[key], vars),
    [props.loginStrings],
  );
  const money = (minor: number) => formatMoney(minor, props.currency, props.locale);
  // The API client and the contract's schemas load on first use (DESIGN §9: the page's JS budget).
  const api = useMemo(() => {
    let loading: Promise<MembershipApi> | undefined;
    return () => {
      loading ??= Promise.all([
        import("../../lib/api/membership-client.ts"),
        import("../../lib/api/browser.ts"),
      ]).then(([{ membershipApi }, { browserClients }]) => membershipApi(browserClients(), props.seller));
      return loading;
    };
  }, [props.seller]);

  const cart = useStore($cart);
  const cartTickets = cart?.envelope.ticket._data ?? [];
  // A guest's form renders at once, on the server too, from the rules the page read (no loading
  // line that the form then pushes down). A logged-in visitor's waits for their memberships (the
  // previous membership and renew's prefill), as does a form whose page could not read the rules.
  const serverRules = props.loggedIn ? null : props.initialRules;
  const [rules, setRules] = useState<FormRule[] | null>(serverRules);
  const [loadError, setLoadError] = useState(false);
  const [previous, setPrevious] = useState<PreviousMembership | null>(null);
  const [levelId, setLevelId] = useState<string | undefined>(() =>
    serverRules ? initialLevel(props.levels, props.select) : undefined,
  );
  const [details, setDetails] = useState<Record<string, MemberEntry>>({});
  const [counts, setCounts] = useState<Record<string, number>>(() =>
    serverRules ? initialCounts(memberSections(serverRules, levelId)) : {},
  );
  const [recipient, setRecipient] = useState<Recipient>(emptyRecipient);
  const [survey, setSurvey] = useState<Record<string, string>>({});
  const [autoRenew, setAutoRenew] = useState(false);
  const [extend, setExtend] = useState(true);
  const [submitting, setSubmitting] = useState(false);
  const [shownError, setShownError] = useState<ShownError>(null);
  const [prompt, setPrompt] = useState<{ text: string; option: MembershipPromptOption } | null>(null);
  const [loginOpen, setLoginOpen] = useState(false);
  const [guest, setGuest] = useState(false);
  const [started, setStarted] = useState(props.loggedIn && props.action !== "gift");
  // The form now comes with the page: until the island runs, its controls are disabled, so a
  // click or a choice made before hydration is not silently lost.
  const [hydrated, setHydrated] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const levelsName = useId();
  const autoRenewName = useId();

  const questions = props.surveyQuestions;
  const sections = useMemo(() => memberSections(rules ?? [], levelId), [rules, levelId]);
  const level = props.levels.find((l) => l.id === levelId);

  // Loading: the rules (cached), and for a logged-in visitor the memberships (fresh, private).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount.
  useEffect(() => {
    initCart({ seller: props.seller, ...(props.tagManagerId ? { tagManagerId: props.tagManagerId } : {}) });
    setGuest(readFlag(GUEST_KEY) === props.seller);
    if (props.loggedIn && readFlag(CONTINUE_KEY) === props.path) {
      writeFlag(CONTINUE_KEY, null);
      setStarted(true);
      focusForm();
    }
    setHydrated(true);
    if (serverRules) return;
    let cancelled = false;
    void (async () => {
      try {
        const calls = await api();
        const [formRules, mine] = await Promise.all([
          props.initialRules ??
            calls.rules(props.groupId).then((envelope) => formRulesOf(envelope, props.groupId)),
          props.loggedIn ? calls.myMembership().catch(() => null) : Promise.resolve(null),
        ]);
        if (cancelled) return;
        const prev = mine ? previousMembership(previousMembersOf(mine, props.groupId)) : null;
        // The form's first full render is a transition: React renders it in slices (issue 17).
        startTransition(() => {
          setPrevious(prev);
          // Renew prefills the current level, counts and named details (spec 1 §4).
          const prefill =
            props.action === "renew" && prev && mine && !props.select
              ? renewPrefill(
                  formRules,
                  props.levels,
                  prev,
                  roleCountsOf(mine, prev.members[0]?.orderId ?? null),
                )
              : null;
          if (prefill) {
            setLevelId(prefill.levelId);
            setDetails(prefill.details);
            setCounts(prefill.counts);
          } else {
            const chosen = initialLevel(props.levels, props.select);
            setLevelId(chosen);
            setCounts(initialCounts(memberSections(formRules, chosen)));
          }
          setRules(formRules);
        });
      } catch (error) {
        console.warn("membership.rules_failed", { code: failureOf(error).code });
        if (!cancelled) setLoadError(true);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  const chooseLevel = useCallback(
    (next: string) => {
      if (next === levelId || !rules) return;
      const carried = carryDetails(rules, levelId, next, details, counts);
      if (carried.problems.length > 0)
        console.warn("membership.details_not_copied", { roles: carried.problems, level: next });
      setLevelId(next);
      setDetails(carried.details);
      setCounts(carried.counts);
      // Spec 1 §4: changing the level resets auto-renew to no.
      setAutoRenew(AUTO_RENEW_AFTER_LEVEL_CHANGE);
    },
    [rules, levelId, details, counts],
  );

  const showError = useCallback((error: ShownError) => {
    setShownError(error);
    if (error) requestAnimationFrame(() => errorRef.current?.focus());
  }, []);

  const focusForm = useCallback(() => {
    requestAnimationFrame(() => {
      const target = document.getElementById(headingId);
      target?.focus();
      target?.scrollIntoView({ block: "start" });
    });
  }, [headingId]);

  // The start: gifting with a non-empty cart asks to act on the cart; a visitor not logged in with
  // an empty cart meets the login-or-guest modal (guests may gift).
  const cartHasTickets = cartTickets.length > 0;
  const needsCartAction = props.action === "gift" && cartHasTickets;
  const needsLogin = !props.loggedIn && !guest && !cartHasTickets && loginEnabled(props.loginModes);
  const gated = !started && (needsCartAction || needsLogin);

  async function start() {
    if (needsCartAction) {
      const choice = await requestDiscardOrCheckout({
        title: text("membershipForm.giftPrompt.title"),
        message: text("membershipForm.giftPrompt.message"),
      });
      if (choice !== "discarded") return;
      if (!props.loggedIn && !guest && loginEnabled(props.loginModes)) {
        setLoginOpen(true);
        return;
      }
    } else if (needsLogin) {
      setLoginOpen(true);
      return;
    }
    setStarted(true);
    focusForm();
  }

  async function reserve(overrides: Overrides) {
    if (!levelId || !rules || submitting) return;
    setShownError(null);
    const form = formRef.current;
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
        : memberTicketLines(levelId, sections, details, counts);
    const problem = membersProblem(lines);
    if (problem) {
      showError({ kind: "text", text: text("membershipForm.atLeastOne") });
      return;
    }
    // The survey's checks load only for a group that has one (they bring the schema library).
    const { answers, errors } =
      questions.length > 0
        ? (await import("../../lib/domain/survey.ts")).surveyAnswers(questions, survey)
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
    if (props.action !== "gift" && cartTickets.some((t) => t.ticket_group_id === props.groupId)) {
      const choice = await requestDiscardOrCheckout();
      if (choice !== "discarded") return;
    }
    setSubmitting(true);
    try {
      const giftee =
        props.action === "gift"
          ? await (await api()).giftee({
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
        ...(props.askAutoRenew ? { autoRenewMembership: overrides.autoRenewMembership ?? autoRenew } : {}),
        ...(props.action === "renew" || overrides.extendMembership !== undefined
          ? { extendMembership: overrides.extendMembership ?? extend }
          : {}),
        ...(giftee ? { giftee } : {}),
        ...(props.redeem ? { redeemMembership: props.redeem } : {}),
      });
      // Success: gift and redeem go to checkout; a purchase goes on to the upsell step.
      location.assign(afterReservePath(props.base, { action: props.action, redeem: props.redeem !== null }));
    } catch (error) {
      const input = failureOf(error);
      const view = membershipErrorView(input);
      if (view.kind !== "silent" && view.kind !== "giftToSelf")
        console.warn("membership.reserve_failed", { status: input.status, code: input.code });
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

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void reserve({});
  }

  const heading =
    props.action === "gift"
      ? text("membershipForm.heading.gift")
      : props.action === "renew"
        ? text("membershipForm.heading.renew")
        : text("membershipForm.heading");
  const previousLevel = previous?.levelId ? props.levels.find((l) => l.id === previous.levelId) : undefined;
  const previousDay = previous ? lastValidDay(previous.validTo, props.timezone) : null;
  const opensDay = previous?.renewalOpensAt ? calendarDayOf(previous.renewalOpensAt, props.timezone) : null;
  const canSubmit = !!levelId && !submitting && rules !== null;
  const skipHref = `${props.base}/checkout`;

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
          {loadError ? text("membershipForm.loadError") : text("membershipForm.loading")}
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
            <section className="membership-previous" aria-label={text("membershipForm.previous.heading")}>
              <h3>{text("membershipForm.previous.heading")}</h3>
              <dl>
                {previousLevel && (
                  <div>
                    <dt>{text("membershipForm.previous.level")}</dt>
                    <dd>{previousLevel.name}</dd>
                  </div>
                )}
                {previousDay && (
                  <div>
                    <dt>{text("membershipForm.previous.validTo")}</dt>
                    <dd>{formatLongDate(previousDay, props.locale)}</dd>
                  </div>
                )}
              </dl>
              {showsHeldMembership(previous, { action: props.action, redeem: props.redeem !== null }) && (
                <p className="notice membership-previous__held" data-testid="membership-held">
                  {text("membershipForm.previous.held", {
                    level: previousLevel
                      ? withArticle(previousLevel.name)
                      : text("membershipForm.previous.held.someLevel"),
                    date: previousDay ? formatLongDate(previousDay, props.locale) : "",
                  })}{" "}
                  <a href={`${props.base}/membership/renew`}>{text("membershipForm.previous.held.renew")}</a>
                </p>
              )}
              {props.action === "renew" && opensDay && (
                <p className="membership-previous__note">
                  {text("membershipForm.previous.renewalOpens", {
                    date: formatLongDate(opensDay, props.locale),
                  })}
                </p>
              )}
            </section>
          )}
          <div ref={errorRef} className="membership-form__errors" tabIndex={-1} role="alert">
            {shownError?.kind === "text" && <p className="notice notice--error">{shownError.text}</p>}
            {shownError?.kind === "giftToSelf" && (
              <p className="notice notice--error">
                {text("membershipForm.giftToSelf")}{" "}
                <a href={`${props.base}/membership`}>{text("membershipForm.giftToSelf.link")}</a>
              </p>
            )}
          </div>
          <fieldset className="membership-levels" disabled={submitting || !hydrated}>
            <legend>{text("membershipForm.levels.legend")}</legend>
            <div className="membership-levels__list">
              {props.levels.map((l) => (
                <label key={l.id} className="membership-level" data-level={l.id}>
                  <ChoiceInput
                    type="radio"
                    name={levelsName}
                    value={l.id}
                    required
                    checked={levelId === l.id}
                    onChange={() => chooseLevel(l.id)}
                  />
                  <span className="membership-level__body">
                    <span className="membership-level__name">{l.name}</span>
                    {l.summary && <span className="membership-level__summary">{l.summary}</span>}
                  </span>
                  <span className="membership-level__price">{money(l.amount)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          {gated ? (
            <div className="membership-start">
              <button type="button" className="button" disabled={!hydrated} onClick={() => void start()}>
                {loginTr(startLabelKey({ action: props.action, redeem: props.redeem !== null }))}
              </button>
            </div>
          ) : (
            <>
              {props.action === "renew" && (
                <div className="reserve__section membership-extend">
                  <label>
                    <ChoiceInput
                      type="checkbox"
                      checked={extend}
                      disabled={submitting}
                      onChange={(e) => setExtend(e.target.checked)}
                    />{" "}
                    {text("membershipForm.extend")}
                  </label>
                  <p className="muted">
                    {text(previous?.ended ? "membershipForm.extend.hintEnded" : "membershipForm.extend.hint")}
                  </p>
                </div>
              )}
              {levelId && props.action !== "gift" && (
                <MemberFields
                  sections={sections}
                  details={details}
                  counts={counts}
                  onDetail={(key, entry) => setDetails((d) => ({ ...d, [key]: entry }))}
                  onCount={(role, value) => setCounts((c) => ({ ...c, [role]: value }))}
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
                <fieldset className="reserve__section reserve-fieldset" disabled={submitting}>
                  <legend>{text("membershipForm.survey.heading")}</legend>
                  {questions.map((q) => (
                    <div key={q.key} data-question={q.key}>
                      <SurveyField
                        question={q}
                        value={survey[q.key] ?? ""}
                        onChange={(v) => setSurvey((s) => ({ ...s, [q.key]: v }))}
                        error={undefined}
                      />
                    </div>
                  ))}
                </fieldset>
              )}
              {props.askAutoRenew && (
                <fieldset className="reserve__section membership-autorenew" disabled={submitting}>
                  <legend>{text("membershipForm.autoRenew.legend")}</legend>
                  <p className="muted">{text("membershipForm.autoRenew.hint")}</p>
                  <label className="one-ticket__option">
                    <ChoiceInput
                      type="radio"
                      name={autoRenewName}
                      checked={autoRenew}
                      onChange={() => setAutoRenew(true)}
                    />
                    {text("membershipForm.autoRenew.yes")}
                  </label>
                  <label className="one-ticket__option">
                    <ChoiceInput
                      type="radio"
                      name={autoRenewName}
                      checked={!autoRenew}
                      onChange={() => setAutoRenew(false)}
                    />
                    {text("membershipForm.autoRenew.no")}
                  </label>
                </fieldset>
              )}
              <p className="muted membership-form__footnote">{text("membershipForm.footnote")}</p>
            </>
          )}
          <div className="reserve__submit">
            <div className="reserve-footer membership-footer">
              <button
                type="button"
                className="button button--secondary reserve-footer__cart"
                onClick={openMobileCart}
              >
                {text("membershipForm.footer.cart")}
                {cartHasTickets && (
                  <span className="reserve-footer__badge"> ({badgeLabel(cartTickets.length)})</span>
                )}
              </button>
              {cartHasTickets && !levelId && (
                <a className="reserve-footer__skip" href={skipHref}>
                  {text("membershipForm.footer.skip")}
                </a>
              )}
              <p className="reserve-footer__total">
                <span>{text("membershipForm.total")}</span>{" "}
                <strong data-testid="membership-total">{money(level?.amount ?? 0)}</strong>
              </p>
              <a className="button button--secondary membership-footer__back" href={`${props.base}/events`}>
                {text("membershipForm.back")}
              </a>
              {!gated && (
                <button
                  type="submit"
                  className="button reserve-footer__submit"
                  disabled={!canSubmit}
                  aria-busy={submitting || undefined}
                >
                  {submitting
                    ? text("membershipForm.submitting")
                    : props.action === "gift" || props.redeem
                      ? text("membershipForm.submit.gift")
                      : text("membershipForm.submit")}
                </button>
              )}
            </div>
          </div>
        </IslandForm>
      )}
      {loginOpen && (
        <Suspense fallback={null}>
          <LoginOrGuestDialog
            open={loginOpen}
            seller={props.seller}
            base={props.base}
            modes={props.loginModes}
            tr={loginTr}
            redirectPath={props.path}
            external={props.externalLogin}
            onGuest={() => {
              writeFlag(GUEST_KEY, props.seller);
              setGuest(true);
              setLoginOpen(false);
              setStarted(true);
              focusForm();
            }}
            onClose={() => setLoginOpen(false)}
            onLoggedIn={async (answer) => {
              const { afterLogin } = await import("../login/login-calls.ts");
              await afterLogin(props.seller, answer);
              // The page reloads as the member (header, prices); the form goes on and prefills again.
              writeFlag(CONTINUE_KEY, props.path);
              location.reload();
            }}
          />
        </Suspense>
      )}
      <Dialog
        open={prompt !== null}
        title={text("membershipForm.prompt.title")}
        closeLabel={text("dialog.close")}
        onClose={() => setPrompt(null)}
        testId="membership-prompt"
        actions={
          <>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                const option = prompt?.option;
                setPrompt(null);
                if (option) void reserve({ [option]: false });
              }}
            >
              {text("membershipForm.prompt.no")}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                const option = prompt?.option;
                setPrompt(null);
                if (option) void reserve({ [option]: true });
              }}
            >
              {text("membershipForm.prompt.yes")}
            </button>
          </>
        }
      >
        <p>{prompt?.text}</p>
      </Dialog>
    </section>
  );
}
