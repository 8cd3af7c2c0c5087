/**
 * The one labelled text input of the islands (checkout, login and account forms): its label, its
 * error tied to it (aria-invalid, aria-describedby, with any further descriptions such as the
 * passcode attempts or the password requirements), and the form's class names
 * (`{base}`, `{base}--invalid`, `{base}__error`).
 */
import { forwardRef, useId } from "react";
import { useJoinedRef, useTypedBeforeHydration } from "./useTypedBeforeHydration.ts";

export interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  /** Ids of further descriptions read with the field. */
  describedBy?: string | undefined;
  type?: "text" | "email" | "password" | "tel";
  autoComplete?: string;
  inputMode?: "numeric" | "text" | "email" | "tel";
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  autoCapitalize?: "off" | "characters";
  spellCheck?: boolean;
  /** The form's class name stem, e.g. "checkout-field". */
  base: string;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(props, ref) {
  const id = useId();
  const errorId = `${id}-error`;
  const described = [props.error ? errorId : null, props.describedBy ?? null].filter(Boolean).join(" ");
  const [input, joinedRef] = useJoinedRef(ref);
  useTypedBeforeHydration(input, props.value, props.onChange);
  return (
    <div className={`${props.base}${props.error ? ` ${props.base}--invalid` : ""}`}>
      <label htmlFor={id}>{props.label}</label>
      <input
        ref={joinedRef}
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        value={props.value}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        minLength={props.minLength}
        pattern={props.pattern}
        placeholder={props.placeholder}
        autoCapitalize={props.autoCapitalize}
        spellCheck={props.spellCheck}
        required={props.required ?? true}
        disabled={props.disabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      />
      {props.error && (
        <p id={errorId} className={`${props.base}__error`}>
          {props.error}
        </p>
      )}
    </div>
  );
});
