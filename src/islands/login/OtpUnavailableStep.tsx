/**
 * The otp_unavailable step (spec 1 §2): a login link opened in a browser that never asked for the
 * code shows the code to copy, with a copy button whose label changes once copied.
 */
import { forwardRef, useId, useState } from "react";
import { StepHeading } from "./LoginField.tsx";
import type { LoginTranslate } from "./login-strings.ts";

export interface OtpUnavailableStepProps {
  tr: LoginTranslate;
  level: 2 | 3;
  code: string;
  onBack: () => void;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export const OtpUnavailableStep = forwardRef<HTMLHeadingElement, OtpUnavailableStepProps>(
  function OtpUnavailableStep({ tr, level, code, onBack }, headingRef) {
    const [copied, setCopied] = useState(false);
    const codeId = useId();
    return (
      <section className="login-step" data-step="otp_unavailable">
        <StepHeading ref={headingRef} level={level}>
          {tr("login.otpUnavailable.heading")}
        </StepHeading>
        <p>{tr("login.otpUnavailable.body")}</p>
        <p>
          <span id={codeId}>{tr("login.otpUnavailable.code")}: </span>
          <output className="login-code" aria-labelledby={codeId} data-testid="otp-code">
            {code}
          </output>
        </p>
        <div className="login-actions">
          <button
            className="button"
            type="button"
            onClick={async () => setCopied(await copyText(code))}
            aria-live="polite"
          >
            {copied ? tr("login.otpUnavailable.copied") : tr("login.otpUnavailable.copy")}
          </button>
          <button className="button button--secondary" type="button" onClick={onBack}>
            {tr("login.back")}
          </button>
        </div>
      </section>
    );
  },
);
