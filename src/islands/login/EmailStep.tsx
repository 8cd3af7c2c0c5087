/** The e-mail step (spec 1 §2 "Login screens: email step, then password or one-time passcode step"). */
import { type FormEvent, forwardRef, useState } from "react";
import { LOGIN_EMAIL_MAX } from "../../lib/domain/login-input.ts";
import { IslandForm } from "../ui/IslandForm.tsx";
import { LoginField, StepHeading } from "./LoginField.tsx";
import type { LoginTranslate } from "./login-strings.ts";

export interface EmailStepProps {
  tr: LoginTranslate;
  level: 2 | 3;
  email: string;
  onEmail: (email: string) => void;
  /** Called with a well-formed address; resolves when the next step is shown. */
  onContinue: (email: string) => Promise<void>;
  /** 'Continue' mails a passcode (a passcode-only tenant): its busy label says so. */
  continueSends: boolean;
  /** Both modes: 'Email me a login code instead', called with a well-formed address. */
  onUsePasscode?: ((email: string) => Promise<void>) | undefined;
}

/** A well-formed address within the login limit (the server checks it again). */
export function isLoginEmail(value: string): boolean {
  return value.length <= LOGIN_EMAIL_MAX && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

export const EmailStep = forwardRef<HTMLHeadingElement, EmailStepProps>(function EmailStep(
  { tr, level, email, onEmail, onContinue, continueSends, onUsePasscode },
  headingRef,
) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"continue" | "passcode" | null>(null);

  async function proceed(action: "continue" | "passcode", next: (email: string) => Promise<void>) {
    const value = email.trim();
    if (!isLoginEmail(value)) {
      setError(tr("login.email.invalid"));
      return;
    }
    setError(null);
    setBusy(action);
    try {
      await next(value);
    } finally {
      setBusy(null);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void proceed("continue", onContinue);
  }

  return (
    <section className="login-step" data-step="email">
      <StepHeading ref={headingRef} level={level}>
        {tr("login.email.heading")}
      </StepHeading>
      <IslandForm noValidate onSubmit={submit}>
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
          <button
            className="button"
            type="submit"
            disabled={busy !== null}
            aria-busy={busy === "continue" || undefined}
          >
            {busy === "continue" && continueSends ? tr("login.passcode.sending") : tr("login.email.continue")}
          </button>
        </div>
        {onUsePasscode && (
          <button
            className="login-link-button"
            type="button"
            disabled={busy !== null}
            aria-busy={busy === "passcode" || undefined}
            onClick={() => void proceed("passcode", onUsePasscode)}
          >
            {busy === "passcode" ? tr("login.passcode.sending") : tr("login.password.usePasscode")}
          </button>
        )}
      </IslandForm>
    </section>
  );
});
