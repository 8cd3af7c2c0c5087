/** The account forms' labelled input: the shared ui/TextField with the account class names. */
import { forwardRef } from "react";
import { TextField, type TextFieldProps } from "./TextField.tsx";

export type AccountFieldProps = Omit<TextFieldProps, "base">;

export const AccountField = forwardRef<HTMLInputElement, AccountFieldProps>(
  function AccountField(props, ref) {
    return <TextField ref={ref} {...props} base="account-field" />;
  },
);
