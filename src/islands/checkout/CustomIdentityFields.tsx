/**
 * The custom identity fields the cart's groups and events ask for (spec 1 §3 identity_form, §5
 * "Custom identity fields"): text inputs, enums as radios under 4 options else a select, booleans
 * as checkboxes. The rules (which fields, the checks, the ZIP pattern) live in
 * src/lib/domain/identity-custom-fields.ts; this only renders them.
 */
import { useId } from "react";
import {
  type CustomErrors,
  type CustomFieldError,
  type CustomFieldKey,
  type CustomFieldSpec,
  type CustomValues,
  customFieldMax,
} from "../../lib/domain/identity-custom-fields.ts";
import { ChoiceInput, ChoiceSelect } from "../ui/ChoiceInput.tsx";
import type { CheckoutStringKey, CheckoutTranslate } from "./checkout-strings.ts";
import { TextField } from "./TextField.tsx";

const ERROR_KEYS: Record<CustomFieldError, CheckoutStringKey> = {
  required: "checkout.error.required",
  tooLong: "checkout.error.tooLong",
  invalidPostCode: "checkout.error.postCode",
  invalidEmail: "checkout.error.invalidEmail",
  mismatch: "checkout.error.mismatch",
};

const AUTOCOMPLETE: Record<CustomFieldKey, string> = {
  email: "email",
  phone: "tel",
  address: "street-address",
  city: "address-level2",
  region: "address-level1",
  state: "address-level1",
  country: "country-name",
  zip_code: "postal-code",
  post_code: "postal-code",
};

export interface CustomIdentityFieldsProps {
  fields: readonly CustomFieldSpec[];
  values: CustomValues;
  errors: CustomErrors;
  onChange: (key: CustomFieldKey, value: string) => void;
  tr: CheckoutTranslate;
  /** Keeps each field's element, so focus can go to the first invalid one. */
  register: (key: CustomFieldKey, element: HTMLElement | null) => void;
}

function Choice(props: {
  field: CustomFieldSpec;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  register: (element: HTMLElement | null) => void;
  choose: string;
}) {
  const id = useId();
  const { field, label, value, error } = props;
  const errorId = `${id}-error`;
  const inactive = field.disabled || field.readOnly;
  const errorText = error ? (
    <p id={errorId} className="checkout-field__error">
      {error}
    </p>
  ) : null;
  if (field.type === "boolean") {
    return (
      <div className={`checkout-choice${error ? " checkout-field--invalid" : ""}`}>
        <ChoiceInput
          ref={props.register}
          id={id}
          type="checkbox"
          name={field.key}
          checked={value === "true"}
          disabled={inactive}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => props.onChange(event.currentTarget.checked ? "true" : "")}
        />
        <label htmlFor={id}>{label}</label>
        {errorText}
      </div>
    );
  }
  if (field.options.length < 4) {
    return (
      <fieldset
        className={`checkout-field checkout-choice-group${error ? " checkout-field--invalid" : ""}`}
        aria-describedby={error ? errorId : undefined}
      >
        <legend>{label}</legend>
        {field.options.map((option, index) => (
          <label key={option} className="checkout-choice">
            <ChoiceInput
              ref={index === 0 ? props.register : undefined}
              type="radio"
              name={field.key}
              value={option}
              checked={value === option}
              disabled={inactive}
              required={field.required}
              onChange={() => props.onChange(option)}
            />
            {option}
          </label>
        ))}
        {errorText}
      </fieldset>
    );
  }
  return (
    <div className={`checkout-field${error ? " checkout-field--invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      <ChoiceSelect
        ref={props.register}
        id={id}
        name={field.key}
        value={value}
        disabled={inactive}
        required={field.required}
        autoComplete={AUTOCOMPLETE[field.key]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      >
        <option value="">{props.choose}</option>
        {field.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </ChoiceSelect>
      {errorText}
    </div>
  );
}

export function CustomIdentityFields({
  fields,
  values,
  errors,
  onChange,
  tr,
  register,
}: CustomIdentityFieldsProps) {
  return (
    <>
      {fields.map((field) => {
        const error = errors[field.key];
        const max = customFieldMax(field.key);
        const message = error ? tr(ERROR_KEYS[error], { max }) : undefined;
        const label = tr(`checkout.identity.custom.${field.key}`);
        const value = values[field.key] ?? "";
        if (field.type === "enum" || field.type === "boolean") {
          return (
            <Choice
              key={field.key}
              field={field}
              label={label}
              value={value}
              error={message}
              choose={tr("checkout.identity.custom.choose")}
              onChange={(next) => onChange(field.key, next)}
              register={(element) => register(field.key, element)}
            />
          );
        }
        const postal = field.key === "zip_code" || field.key === "post_code";
        return (
          <TextField
            key={field.key}
            ref={(element) => register(field.key, element)}
            name={field.key}
            label={label}
            type={field.type === "email" ? "email" : field.type === "tel" ? "tel" : "text"}
            autoComplete={AUTOCOMPLETE[field.key]}
            maxLength={max}
            required={field.required}
            disabled={field.disabled || field.readOnly}
            {...(postal ? { autoCapitalize: "characters" as const, spellCheck: false } : {})}
            value={value}
            onChange={(next) => onChange(field.key, next)}
            error={message}
          />
        );
      })}
    </>
  );
}
