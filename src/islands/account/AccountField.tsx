/** A labelled input of the account forms, its error tied to it (aria-invalid, aria-describedby). */
import { forwardRef, useId } from "react";

export interface AccountFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  type?: "email" | "password" | "text";
  autoComplete?: string;
  maxLength?: number;
  /** Ids of further descriptions (the password requirements list). */
  describedBy?: string | undefined;
}

export const AccountField = forwardRef<HTMLInputElement, AccountFieldProps>(
  function AccountField(props, ref) {
    const id = useId();
    const errorId = `${id}-error`;
    const describedBy = [props.error ? errorId : null, props.describedBy ?? null].filter(Boolean).join(" ");
    return (
      <div className={`account-field${props.error ? " account-field--invalid" : ""}`}>
        <label htmlFor={id}>{props.label}</label>
        <input
          ref={ref}
          id={id}
          name={props.name}
          type={props.type ?? "text"}
          value={props.value}
          autoComplete={props.autoComplete}
          maxLength={props.maxLength}
          required
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => props.onChange(event.currentTarget.value)}
        />
        {props.error && (
          <p id={errorId} className="account-field__error">
            {props.error}
          </p>
        )}
      </div>
    );
  },
);
