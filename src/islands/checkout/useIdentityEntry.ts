/**
 * The checkout's purchaser details: the identity form's values, errors and inputs, and the custom
 * fields the cart's groups and events ask for (spec 1 §3 identity_form). A logged-in buyer sees
 * the custom fields only while their identity lacks a required one, prefilled with what it has.
 */
import { createRef, type RefObject, useEffect, useMemo, useRef, useState } from "react";
import type { CartEnvelope } from "../../lib/api/cart/schemas.ts";
import { metaRecords } from "../../lib/api/meta.ts";
import {
  type CustomErrors,
  type CustomFieldKey,
  type CustomValues,
  cartIdentityForm,
  missingRequiredFields,
  prefillCustomValues,
} from "../../lib/domain/identity-custom-fields.ts";
import {
  emptyIdentity,
  IDENTITY_FIELDS,
  type IdentityError,
  type IdentityField,
} from "../../lib/domain/identity-form.ts";
import type { CheckoutIslandProps } from "./props.ts";

export function useIdentityEntry(envelope: CartEnvelope | null, member: CheckoutIslandProps["member"]) {
  const [identity, setIdentity] = useState(emptyIdentity);
  const [identityErrors, setIdentityErrors] = useState<Partial<Record<IdentityField, IdentityError>>>({});
  const [customEdits, setCustomEdits] = useState<CustomValues>({});
  const [customErrors, setCustomErrors] = useState<CustomErrors>({});
  const customNodes = useRef<Partial<Record<CustomFieldKey, HTMLElement | null>>>({});
  const refs = useMemo(
    () =>
      Object.fromEntries(IDENTITY_FIELDS.map((f) => [f, createRef<HTMLInputElement>()])) as Record<
        IdentityField,
        RefObject<HTMLInputElement | null>
      >,
    [],
  );

  const identityForm = useMemo(() => {
    const tickets = envelope?.ticket._data ?? [];
    return cartIdentityForm(
      metaRecords(envelope?.meta?._data),
      [...new Set(tickets.map((ticket) => ticket.ticket_group_id))],
      [...new Set(tickets.map((ticket) => ticket.event_template_id))],
    );
  }, [envelope]);
  const memberInfo = member?.additional_info;
  const customFields = useMemo(
    () =>
      member && missingRequiredFields(identityForm.fields, memberInfo).length === 0
        ? []
        : identityForm.fields,
    [identityForm, member, memberInfo],
  );
  const customValues = useMemo(
    () => ({ ...prefillCustomValues(customFields, memberInfo), ...customEdits }),
    [customFields, memberInfo, customEdits],
  );
  const skippedFields = identityForm.skipped.join(",");
  useEffect(() => {
    // Spec 1 §5: undefined custom fields are logged and skipped.
    if (skippedFields) console.info(`checkout: identity_form names undefined fields: ${skippedFields}`);
  }, [skippedFields]);

  return {
    identity,
    setIdentityField: (field: IdentityField, value: string) =>
      setIdentity((current) => ({ ...current, [field]: value })),
    identityErrors,
    setIdentityErrors,
    refs,
    customFields,
    customValues,
    customErrors,
    setCustomErrors,
    setCustomValue: (key: CustomFieldKey, value: string) =>
      setCustomEdits((current) => ({ ...current, [key]: value })),
    registerCustom: (key: CustomFieldKey, element: HTMLElement | null) => {
      customNodes.current[key] = element;
    },
    focusField: (field: IdentityField) => refs[field].current?.focus(),
    focusCustom: (key: CustomFieldKey) => customNodes.current[key]?.focus(),
  };
}
