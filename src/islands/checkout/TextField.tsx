/** The checkout's labelled text input: the shared ui/TextField with the checkout's class names. */
import { forwardRef } from "react";
import { TextField as BaseField, type TextFieldProps as BaseProps } from "../ui/TextField.tsx";

export type TextFieldProps = Omit<BaseProps, "base">;

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(props, ref) {
  return <BaseField ref={ref} {...props} base="checkout-field" />;
});
