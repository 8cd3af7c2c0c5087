/**
 * The passcode step (spec 1 §2, §4 "Passcode step: submitting, error shown, or must-request-new-code
 * (input and submit disabled). After 30 s without success a 'code possibly hasn't arrived' hint
 * shows. ... A new link can be requested."; §8: not_available_yet is retried after 5 s).
 */
import { type FormEvent, forwardRef, useCallback, useEffect, useId, useRef, useState } from "react";
import {
  isPasscodeFormat,
  LOGIN_MESSAGE,
  normalizePasscode,
  PASSCODE_HINT_AFTER_MS,
  PASSCODE_LENGTH,
} from "../../lib/domain/login-input.ts";
import { type PasscodeOutcome, passcodeOutcome } from "../../lib/domain/login-steps.ts";
import { IslandForm } from "../ui/IslandForm.tsx";
import { LoginField, StepHeading } from "./LoginField.tsx";
import { type LoginTranslate, loginMessage } from "./login-strings.ts";

export interface PasscodeStepProps {
  tr: LoginTranslate;
  level: 2 | 3;
  email: string;
  /** Changes each time a code is requested (restarts the hint and clears the lock). */
  token: string;
  initialCode?: string;
  /** Submit the initial code at once (the `otp` query parameter). */
  autoSubmit?: boolean;
  /** Verifies the code; resolves on success, rejects with a VerifyFailure. */
  onVerify: (code: string) => Promise<void>;
  /** Requests a new code; true when one was sent. */
  onRequestNew: () => Promise<boolean>;
  onBack: () => void;
  onUsePassword?: (() => void) | undefined;
}

/** A failed verify call: the API's code and, for otp_incorrect, the attempts left. */
export class VerifyFailure extends Error {
  readonly code: string;
  readonly attemptsLeft: number | null;
  /** rate_limited: `_extra.retry_after`, told as the real wait. */
  readonly retryAfter: unknown;
  constructor(code: string, attemptsLeft: number | null, retryAfter: unknown = null) {
    super(code);
    this.name = "VerifyFailure";
    this.code = code;
    this.attemptsLeft = attemptsLeft;
    this.retryAfter = retryAfter;
  }
}

export const PasscodeStep = forwardRef<HTMLHeadingElement, PasscodeStepProps>(
  function PasscodeStep(props, headingRef) {
    const { tr, level, email, token, onVerify, onRequestNew, onBack, onUsePassword } = props;
    const [code, setCode] = useState(props.initialCode ?? "");
    const [submitting, setSubmitting] = useState(false);
    const [requesting, setRequesting] = useState(false);
    const [fieldError, setFieldError] = useState<string | null>(null);
    const [outcome, setOutcome] = useState<PasscodeOutcome | null>(null);
    const [hint, setHint] = useState(false);
    const [requested, setRequested] = useState(false);
    const [succeeded, setSucceeded] = useState(false);
    const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
    const attemptsId = useId();

    // A new token: a fresh start (the lock, the hint timer and any retry are for the old code).
    // biome-ignore lint/correctness/useExhaustiveDependencies: the new token is the trigger.
    useEffect(() => {
      setOutcome(null);
      setHint(false);
      const timer = setTimeout(() => setHint(true), PASSCODE_HINT_AFTER_MS);
      return () => {
        clearTimeout(timer);
        clearTimeout(retryTimer.current);
      };
    }, [token]);

    const verify = useCallback(
      async (value: string) => {
        const passcode = normalizePasscode(value);
        if (!isPasscodeFormat(passcode)) {
          setFieldError(tr(LOGIN_MESSAGE.passcodeRequired));
          return;
        }
        setFieldError(null);
        setSubmitting(true);
        try {
          await onVerify(passcode);
          setSucceeded(true);
          setHint(false);
        } catch (error) {
          const failure = error instanceof VerifyFailure ? error : new VerifyFailure("unexpected", null);
          const next = passcodeOutcome(failure.code, failure.attemptsLeft, failure.retryAfter);
          setOutcome(next);
          if (next.retryAfterMs !== null) {
            clearTimeout(retryTimer.current);
            retryTimer.current = setTimeout(() => void verify(passcode), next.retryAfterMs);
          }
        } finally {
          setSubmitting(false);
        }
      },
      [onVerify, tr],
    );

    // The `otp` query parameter: the code is submitted automatically, once.
    const autoSubmitted = useRef(false);
    useEffect(() => {
      if (props.autoSubmit && !autoSubmitted.current) {
        autoSubmitted.current = true;
        void verify(props.initialCode ?? "");
      }
    }, [props.autoSubmit, props.initialCode, verify]);

    async function requestNew() {
      setRequesting(true);
      try {
        if (await onRequestNew()) {
          setCode("");
          setRequested(true);
        }
      } finally {
        setRequesting(false);
      }
    }

    function submit(event: FormEvent) {
      event.preventDefault();
      void verify(code);
    }

    const locked = outcome?.mustRequestNew === true;
    const waiting = outcome?.retryAfterMs != null;
    return (
      <section className="login-step" data-step="otp_form">
        <StepHeading ref={headingRef} level={level}>
          {tr("login.passcode.heading")}
        </StepHeading>
        <p>{tr("login.passcode.sent", { email })}</p>
        <div className="login-alert" role="alert">
          {outcome?.message && <p>{loginMessage(tr, outcome.message)}</p>}
          {outcome?.attempts && <p id={attemptsId}>{loginMessage(tr, outcome.attempts)}</p>}
        </div>
        <p className="login-status" role="status">
          {waiting
            ? tr("login.passcode.waiting")
            : requested && !outcome
              ? tr("login.passcode.requested")
              : ""}
        </p>
        <IslandForm noValidate onSubmit={submit}>
          <LoginField
            label={tr("login.passcode.label")}
            name="otp"
            autoComplete="one-time-code"
            autoCapitalize="off"
            maxLength={PASSCODE_LENGTH}
            minLength={PASSCODE_LENGTH}
            value={code}
            onChange={setCode}
            error={fieldError}
            describedBy={outcome?.attempts ? attemptsId : undefined}
            disabled={locked || succeeded}
          />
          <div className="login-actions">
            <button
              className="button"
              type="submit"
              disabled={locked || submitting || succeeded}
              aria-busy={submitting || undefined}
            >
              {submitting ? tr("login.passcode.submitting") : tr("login.passcode.submit")}
            </button>
            <button className="button button--secondary" type="button" onClick={onBack} disabled={submitting}>
              {tr("login.back")}
            </button>
          </div>
        </IslandForm>
        {hint && !succeeded && <p className="login-hint">{tr("login.passcode.hint")}</p>}
        <div className="login-actions">
          <button
            className="login-link-button"
            type="button"
            onClick={() => void requestNew()}
            disabled={requesting || submitting || succeeded}
          >
            {requesting ? tr("login.passcode.sending") : tr("login.passcode.requestNew")}
          </button>
          {onUsePassword && (
            <button className="login-link-button" type="button" onClick={onUsePassword} disabled={submitting}>
              {tr("login.passcode.usePassword")}
            </button>
          )}
        </div>
      </section>
    );
  },
);
