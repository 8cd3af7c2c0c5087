/** A labelled login input with its error tied to it (aria-invalid, aria-describedby). */
import { forwardRef, useId } from "react";

export interface LoginFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  /** Extra text read with the field (the attempts text of the passcode). */
  describedBy?: string | undefined;
  type?: "text" | "email" | "password" | "tel";
  autoComplete?: string;
  inputMode?: "numeric" | "text" | "email" | "tel";
  maxLength: number;
  minLength?: number;
  pattern?: string;
  disabled?: boolean;
  autoCapitalize?: "off" | "characters";
}

export const LoginField = forwardRef<HTMLInputElement, LoginFieldProps>(function LoginField(props, ref) {
  const id = useId();
  const errorId = `${id}-error`;
  const described = [props.error ? errorId : undefined, props.describedBy].filter(Boolean).join(" ");
  return (
    <div className={`login-field${props.error ? " login-field--invalid" : ""}`}>
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
        minLength={props.minLength}
        pattern={props.pattern}
        autoCapitalize={props.autoCapitalize}
        spellCheck={false}
        required
        disabled={props.disabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      />
      {props.error && (
        <p id={errorId} className="login-field__error">
          {props.error}
        </p>
      )}
    </div>
  );
});

/** The step heading that takes focus when the step changes (tabIndex -1, never in the tab order). */
export const StepHeading = forwardRef<HTMLHeadingElement, { level: 2 | 3; children: string; id?: string }>(
  function StepHeading({ level, children, id }, ref) {
    const Tag = level === 2 ? "h2" : "h3";
    return (
      <Tag ref={ref} id={id} className="login-step__heading" tabIndex={-1}>
        {children}
      </Tag>
    );
  },
);
