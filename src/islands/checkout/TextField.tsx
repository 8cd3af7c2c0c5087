/** A labelled text input with its error message tied to it (aria-invalid, aria-describedby). */
import { forwardRef, useId } from "react";

export interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  type?: "text" | "email";
  autoComplete?: string;
  inputMode?: "numeric" | "text" | "email";
  maxLength?: number;
  placeholder?: string;
  required?: boolean;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(props, ref) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`checkout-field${props.error ? " checkout-field--invalid" : ""}`}>
      <label htmlFor={id}>{props.label}</label>
      <input
        ref={ref}
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        value={props.value}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        required={props.required ?? true}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      />
      {props.error && (
        <p id={errorId} className="checkout-field__error">
          {props.error}
        </p>
      )}
    </div>
  );
});
