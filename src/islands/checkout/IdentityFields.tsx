/** The purchaser identity form (spec 1 §5); the rules live in src/lib/domain/identity-form.ts. */
import type { ReactNode, RefObject } from "react";
import {
  EMAIL_MAX,
  type IdentityError,
  type IdentityField,
  type IdentityInput,
  NAME_MAX,
} from "../../lib/domain/identity-form.ts";
import type { CheckoutStringKey, CheckoutTranslate } from "./checkout-strings.ts";
import { TextField } from "./TextField.tsx";

const ERROR_KEYS: Record<IdentityError, CheckoutStringKey> = {
  required: "checkout.error.required",
  tooLong: "checkout.error.tooLong",
  invalidEmail: "checkout.error.invalidEmail",
  emailMismatch: "checkout.error.emailMismatch",
};

const FIELDS: ReadonlyArray<{
  field: IdentityField;
  label: CheckoutStringKey;
  type: "text" | "email";
  autoComplete: string;
  max: number;
}> = [
  {
    field: "first_name",
    label: "checkout.identity.firstName",
    type: "text",
    autoComplete: "given-name",
    max: NAME_MAX,
  },
  {
    field: "last_name",
    label: "checkout.identity.lastName",
    type: "text",
    autoComplete: "family-name",
    max: NAME_MAX,
  },
  { field: "email", label: "checkout.identity.email", type: "email", autoComplete: "email", max: EMAIL_MAX },
  {
    field: "email_confirm",
    label: "checkout.identity.emailConfirm",
    type: "email",
    autoComplete: "email",
    max: EMAIL_MAX,
  },
];

export interface IdentityFieldsProps {
  value: IdentityInput;
  errors: Partial<Record<IdentityField, IdentityError>>;
  onChange: (field: IdentityField, value: string) => void;
  tr: CheckoutTranslate;
  refs: Record<IdentityField, RefObject<HTMLInputElement | null>>;
  /** The custom fields the cart asks for (CustomIdentityFields), after the e-mail. */
  children?: ReactNode;
}

export function IdentityFields({ value, errors, onChange, tr, refs, children }: IdentityFieldsProps) {
  return (
    <fieldset className="checkout-section">
      <legend>{tr("checkout.identity.title")}</legend>
      {FIELDS.map(({ field, label, type, autoComplete, max }) => {
        const error = errors[field];
        return (
          <TextField
            key={field}
            ref={refs[field]}
            name={field}
            label={tr(label)}
            type={type}
            autoComplete={autoComplete}
            value={value[field]}
            onChange={(next) => onChange(field, next)}
            error={error ? tr(ERROR_KEYS[error], { max }) : undefined}
          />
        );
      })}
      {children}
    </fieldset>
  );
}
