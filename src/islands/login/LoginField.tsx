/** A labelled login input: the shared ui/TextField with the login class names, no spell check. */
import { forwardRef } from "react";
import { TextField, type TextFieldProps } from "../ui/TextField.tsx";

export type LoginFieldProps = Omit<TextFieldProps, "base" | "maxLength"> & { maxLength: number };

export const LoginField = forwardRef<HTMLInputElement, LoginFieldProps>(function LoginField(props, ref) {
  return <TextField ref={ref} spellCheck={false} {...props} base="login-field" />;
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
