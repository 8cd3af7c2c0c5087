/**
 * A logged-in member's details at checkout (spec 2 §1): who checks out and where the order goes,
 * and the custom fields their identity still lacks.
 */
import type { ReactNode } from "react";
import type { PurchaserIdentity } from "../../lib/domain/identity-form.ts";
import type { CheckoutTranslate } from "./checkout-strings.ts";

export function MemberIdentity(props: {
  member: PurchaserIdentity;
  custom: ReactNode;
  tr: CheckoutTranslate;
}) {
  const { member, custom, tr } = props;
  return (
    <section className="checkout-section" aria-labelledby="checkout-member-title">
      <h2 id="checkout-member-title">{tr("checkout.identity.title")}</h2>
      <p data-testid="checkout-member">
        {tr("checkout.member", {
          name: `${member.first_name} ${member.last_name}`.trim(),
          email: member.email,
        })}
      </p>
      {custom ? (
        <>
          <p className="muted">{tr("checkout.identity.custom.memberNote")}</p>
          {custom}
        </>
      ) : null}
    </section>
  );
}
