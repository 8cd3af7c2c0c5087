/**
 * The member ID forms (spec 1 §2 "member ID and ZIP or last name login forms exist; forgot
 * membership ID goes to /user/forgot-membership"; §5 "zip max 5 (tel)"; §8 not-found texts).
 */
import { type FormEvent, forwardRef, useState } from "react";
import { LOGIN_TEXT_MAX, LOGIN_ZIP_MAX } from "../../lib/domain/login-input.ts";
import type { MemberIdSecond } from "../../lib/domain/login-steps.ts";
import { PASSWORD_MAX } from "../../lib/domain/password-rules.ts";
import { IslandForm } from "../ui/IslandForm.tsx";
import { LoginField, StepHeading } from "./LoginField.tsx";
import type { LoginTranslate } from "./login-strings.ts";

export interface MemberIdValues {
  scanCode: string;
  second: string;
}

export interface MemberIdFormProps {
  tr: LoginTranslate;
  level: 2 | 3;
  second: MemberIdSecond;
  initial: MemberIdValues;
  forgotHref: string | null;
  /** Sends the login; resolves when it failed (a success leaves the page). */
  onSubmit: (values: MemberIdValues) => Promise<void>;
}

const SECOND_FIELD = {
  zip_code: {
    label: "login.member.zipCode",
    type: "tel",
    autoComplete: "postal-code",
    inputMode: "numeric",
    max: LOGIN_ZIP_MAX,
  },
  last_name: {
    label: "login.member.lastName",
    type: "text",
    autoComplete: "family-name",
    inputMode: "text",
    max: LOGIN_TEXT_MAX,
  },
  password: {
    label: "login.member.password",
    type: "password",
    autoComplete: "current-password",
    inputMode: "text",
    max: PASSWORD_MAX,
  },
} as const;

export const MemberIdForm = forwardRef<HTMLHeadingElement, MemberIdFormProps>(function MemberIdForm(
  { tr, level, second, initial, forgotHref, onSubmit },
  headingRef,
) {
  const [scanCode, setScanCode] = useState(initial.scanCode);
  const [secondValue, setSecondValue] = useState(initial.second);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const field = SECOND_FIELD[second];

  async function submit(event: FormEvent) {
    event.preventDefault();
    const values = {
      scanCode: scanCode.trim(),
      second: second === "password" ? secondValue : secondValue.trim(),
    };
    if (!values.scanCode || !values.second) {
      setError(tr("login.member.required"));
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await onSubmit(values);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="login-step" data-step={`member_${second}`}>
      <StepHeading ref={headingRef} level={level}>
        {tr("login.member.heading")}
      </StepHeading>
      <IslandForm noValidate onSubmit={submit}>
        <LoginField
          label={tr("login.member.scanCode")}
          name="scan_code"
          autoComplete="off"
          maxLength={LOGIN_TEXT_MAX}
          value={scanCode}
          onChange={setScanCode}
          error={error && !scanCode.trim() ? error : null}
        />
        <LoginField
          label={tr(field.label)}
          name={second}
          type={field.type}
          autoComplete={field.autoComplete}
          inputMode={field.inputMode}
          maxLength={field.max}
          value={secondValue}
          onChange={setSecondValue}
          error={error && !secondValue.trim() ? error : null}
        />
        {forgotHref && (
          <p>
            <a href={forgotHref}>{tr("login.member.forgot")}</a>
          </p>
        )}
        <div className="login-actions">
          <button className="button" type="submit" disabled={submitting} aria-busy={submitting || undefined}>
            {submitting ? tr("login.password.submitting") : tr("login.member.submit")}
          </button>
        </div>
      </IslandForm>
    </section>
  );
});
