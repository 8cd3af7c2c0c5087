/** The membership form's error area: focused when an error is shown (spec 1 §8 "Membership form"). */
import { forwardRef } from "react";
import type { FormText } from "./form-text.ts";

export type ShownError = { kind: "text"; text: string } | { kind: "giftToSelf" } | null;

export const FormErrors = forwardRef<HTMLDivElement, { error: ShownError; base: string; text: FormText }>(
  function FormErrors({ error, base, text }, ref) {
    return (
      <div ref={ref} className="membership-form__errors" tabIndex={-1} role="alert">
        {error?.kind === "text" && <p className="notice notice--error">{error.text}</p>}
        {error?.kind === "giftToSelf" && (
          <p className="notice notice--error">
            {text("membershipForm.giftToSelf")}{" "}
            <a href={`${base}/membership`}>{text("membershipForm.giftToSelf.link")}</a>
          </p>
        )}
      </div>
    );
  },
);
