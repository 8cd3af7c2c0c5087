/**
 * The password step (spec 1 §2): the entered e-mail, the password field, the optional
 * forgot-password link, the login button with its loading state, and back.
 */
import { type FormEvent, forwardRef, useState } from "react";
import { PASSWORD_MAX } from "../../lib/domain/password-rules.ts";
import { IslandForm } from "../ui/IslandForm.tsx";
import { LoginField, StepHeading } from "./LoginField.tsx";
import type { LoginTranslate } from "./login-strings.ts";

export interface PasswordStepProps {
  tr: LoginTranslate;
  level: 2 | 3;
  email: string;
  forgotHref: string | null;
  /** Sends the login; resolves when it failed (a success leaves the page). */
  onSubmit: (password: string) => Promise<void>;
  onBack: () => void;
  /** otp_or_password: switch to the passcode. */
  onUsePasscode?: (() => void) | undefined;
}

export const PasswordStep = forwardRef<HTMLHeadingElement, PasswordStepProps>(function PasswordStep(
  { tr, level, email, forgotHref, onSubmit, onBack, onUsePasscode },
  headingRef,
) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  // Spec 1 §4: "Submitting flag is true during a password attempt."
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError(tr("login.password.required"));
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await onSubmit(password);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="login-step" data-step="password">
      <StepHeading ref={headingRef} level={level}>
        {tr("login.password.heading")}
      </StepHeading>
      <p className="login-step__email">{tr("login.password.for", { email })}</p>
      <IslandForm noValidate onSubmit={submit}>
        {/* The username travels with the form so password managers pair them. */}
        <input type="hidden" name="username" value={email} autoComplete="username" />
        <LoginField
          label={tr("login.password.label")}
          name="password"
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          value={password}
          onChange={setPassword}
          error={error}
        />
        {forgotHref && (
          <p>
            <a href={forgotHref}>{tr("login.password.forgot")}</a>
          </p>
        )}
        <div className="login-actions">
          <button className="button" type="submit" disabled={submitting} aria-busy={submitting || undefined}>
            {submitting ? tr("login.password.submitting") : tr("login.password.submit")}
          </button>
          <button className="button button--secondary" type="button" onClick={onBack} disabled={submitting}>
            {tr("login.back")}
          </button>
        </div>
        {onUsePasscode && (
          <button className="login-link-button" type="button" onClick={onUsePasscode} disabled={submitting}>
            {tr("login.password.usePasscode")}
          </button>
        )}
      </IslandForm>
    </section>
  );
});
