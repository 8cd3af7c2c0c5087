/** The e-mail step (spec 1 §2 "Login screens: email step, then password or one-time passcode step"). */
import { type FormEvent, forwardRef, useState } from "react";
import { LOGIN_EMAIL_MAX } from "../../lib/domain/login-input.ts";
import { LoginField, StepHeading } from "./LoginField.tsx";
import type { LoginTranslate } from "./login-strings.ts";

export interface EmailStepProps {
  tr: LoginTranslate;
  level: 2 | 3;
  email: string;
  onEmail: (email: string) => void;
  /** Called with a well-formed address; resolves when the next step is shown. */
  onContinue: (email: string) => Promise<void>;
}

/** A well-formed address within the login limit (the server checks it again). */
export function isLoginEmail(value: string): boolean {
  return value.length <= LOGIN_EMAIL_MAX && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

export const EmailStep = forwardRef<HTMLHeadingElement, EmailStepProps>(function EmailStep(
  { tr, level, email, onEmail, onContinue },
  headingRef,
) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    if (!isLoginEmail(value)) {
      setError(tr("login.email.invalid"));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await onContinue(value);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="login-step" data-step="email">
      <StepHeading ref={headingRef} level={level}>
        {tr("login.email.heading")}
      </StepHeading>
      <form noValidate onSubmit={submit}>
        <LoginField
          label={tr("login.email.label")}
          name="username"
          type="email"
          autoComplete="username"
          inputMode="email"
          maxLength={LOGIN_EMAIL_MAX}
          value={email}
          onChange={onEmail}
          error={error}
        />
        <div className="login-actions">
          <button className="button" type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? tr("login.passcode.sending") : tr("login.email.continue")}
          </button>
        </div>
      </form>
    </section>
  );
});
