/** The checkout forms with their errors (purchaser and test card) and the fee summary. */
import { createRef, useMemo, useState } from "react";
import { CardFields } from "../../islands/checkout/CardFields.tsx";
import { checkoutTranslator } from "../../islands/checkout/checkout-strings.ts";
import { FeeSummary } from "../../islands/checkout/FeeSummary.tsx";
import { IdentityFields } from "../../islands/checkout/IdentityFields.tsx";
import { IDENTITY_FIELDS, type IdentityField, type IdentityInput } from "../../lib/domain/identity-form.ts";
import { formatMoney } from "../../lib/domain/money.ts";
import type { CardInput } from "../../lib/domain/payment-amount.ts";
import type { StoryData } from "../fixtures/index.ts";
import { Frame } from "./Frame.tsx";

export function CheckoutStory({ data }: { data: StoryData }) {
  const tr = useMemo(() => checkoutTranslator(data.strings.checkout), [data.strings.checkout]);
  const money = (minor: number) => formatMoney(minor, data.currency, data.locale);
  const [identity, setIdentity] = useState<IdentityInput>({
    first_name: "",
    last_name: "Lovelace",
    email: "ada@example",
    email_confirm: "ada@example.org",
  });
  const [card, setCard] = useState<CardInput>({ number: "4242 4242 4242 4241", expiry: "", cvc: "12" });
  const refs = useMemo(
    () =>
      Object.fromEntries(IDENTITY_FIELDS.map((f) => [f, createRef<HTMLInputElement>()])) as Record<
        IdentityField,
        ReturnType<typeof createRef<HTMLInputElement>>
      >,
    [],
  );
  return (
    <Frame title="Purchaser and card with errors, and the fee summary" wide>
      <div className="checkout">
        <form className="checkout-form" noValidate onSubmit={(event) => event.preventDefault()}>
          <IdentityFields
            value={identity}
            errors={{ first_name: "required", email: "invalidEmail", email_confirm: "emailMismatch" }}
            refs={refs}
            tr={tr}
            onChange={(field, value) => setIdentity((current) => ({ ...current, [field]: value }))}
          />
          <fieldset className="checkout-section">
            <legend>{tr("checkout.payment.title")}</legend>
            <p className="muted">{tr("checkout.payment.testNotice")}</p>
            <CardFields
              value={card}
              errors={{ number: "invalid", expiry: "required", cvc: "invalid" }}
              tr={tr}
              onChange={(field, value) => setCard((current) => ({ ...current, [field]: value }))}
            />
          </fieldset>
          <FeeSummary envelope={data.cart} tr={tr} money={money} />
        </form>
      </div>
    </Frame>
  );
}
