/**
 * Member details of the chosen level (spec 1 §2, §3 member detail, §5): first name, last name and
 * e-mail per named role (required for named 'yes'), and a stepper per unnamed role between its
 * min and max (hidden when min equals max).
 */
import { useId } from "react";
import { EMAIL_MAX, NAME_MAX } from "../../lib/domain/identity-form.ts";
import {
  clampCount,
  type MemberEntry,
  type MemberSections,
  type NamedSlot,
} from "../../lib/domain/membership/form.ts";
import { Stepper } from "../ui/Stepper.tsx";
import type { FormText } from "./form-text.ts";

interface MemberFieldsProps {
  sections: MemberSections;
  details: Readonly<Record<string, MemberEntry>>;
  counts: Readonly<Record<string, number>>;
  onDetail: (key: string, entry: MemberEntry) => void;
  onCount: (role: string, value: number) => void;
  text: FormText;
  disabled: boolean;
}

const EMPTY: MemberEntry = { first: "", last: "", email: "" };

export function MemberFields(props: MemberFieldsProps) {
  const { sections, text } = props;
  const headingId = useId();
  const visibleSteppers = sections.unnamed.filter((s) => !s.hidden);
  const slotsPerRole = (role: string) => sections.named.filter((s) => s.role === role).length;
  return (
    <section className="reserve__section membership-members" aria-labelledby={headingId}>
      <h3 id={headingId}>{text("membershipForm.members.heading")}</h3>
      <p className="muted">{text("membershipForm.members.hint")}</p>
      {sections.named.map((slot) => (
        <NamedMember
          key={slot.key}
          slot={slot}
          title={
            slotsPerRole(slot.role) > 1
              ? text("membershipForm.member.numbered", { role: text.role(slot.role), n: slot.index + 1 })
              : text.role(slot.role)
          }
          entry={Object.hasOwn(props.details, slot.key) ? (props.details[slot.key] ?? EMPTY) : EMPTY}
          onChange={(entry) => props.onDetail(slot.key, entry)}
          text={text}
          disabled={props.disabled}
        />
      ))}
      {visibleSteppers.length > 0 && (
        <ul className="membership-unnamed">
          {visibleSteppers.map((stepper) => {
            const role = text.role(stepper.role);
            const value = clampCount(
              stepper,
              Object.hasOwn(props.counts, stepper.role) ? (props.counts[stepper.role] ?? 0) : stepper.min,
            );
            return (
              <li key={stepper.role} className="reserve-type">
                <span className="reserve-type__info">
                  <span className="reserve-type__name">{role}</span>
                  <span className="muted">
                    {text("membershipForm.unnamed.range", { min: stepper.min, max: stepper.max })}
                  </span>
                </span>
                <Stepper
                  name={stepper.role}
                  quantity={value}
                  canIncrease={value < stepper.max}
                  onIncrease={() => props.onCount(stepper.role, value + 1)}
                  onDecrease={() => props.onCount(stepper.role, Math.max(stepper.min, value - 1))}
                  disabled={props.disabled}
                  labels={{
                    increase: text("membershipForm.stepper.increase", { role }),
                    decrease: text("membershipForm.stepper.decrease", { role }),
                    quantity: text("membershipForm.stepper.quantity", { role }),
                  }}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function NamedMember({
  slot,
  title,
  entry,
  onChange,
  text,
  disabled,
}: {
  slot: NamedSlot;
  title: string;
  entry: MemberEntry;
  onChange: (entry: MemberEntry) => void;
  text: FormText;
  disabled: boolean;
}) {
  const id = useId();
  const locked = disabled || entry.disabled === true;
  const optional = slot.required ? "" : ` (${text("membershipForm.member.optional")})`;
  const set = (patch: Partial<MemberEntry>) => onChange({ ...entry, ...patch });
  return (
    <fieldset className="membership-member" data-role={slot.role}>
      <legend>
        {title}
        {optional}
      </legend>
      <div className="admit-row">
        <div className="field">
          <label htmlFor={`${id}-first`}>
            {text("membershipForm.member.first")}
            {slot.required && <span aria-hidden="true"> *</span>}
          </label>
          <input
            id={`${id}-first`}
            autoComplete={slot.role === "member" ? "given-name" : "off"}
            maxLength={NAME_MAX}
            required={slot.required}
            disabled={locked}
            value={entry.first}
            onChange={(e) => set({ first: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-last`}>
            {text("membershipForm.member.last")}
            {slot.required && <span aria-hidden="true"> *</span>}
          </label>
          <input
            id={`${id}-last`}
            autoComplete={slot.role === "member" ? "family-name" : "off"}
            maxLength={NAME_MAX}
            required={slot.required}
            disabled={locked}
            value={entry.last}
            onChange={(e) => set({ last: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>{text("membershipForm.member.email")}</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete={slot.role === "member" ? "email" : "off"}
            maxLength={EMAIL_MAX}
            disabled={locked}
            value={entry.email}
            onChange={(e) => set({ email: e.target.value })}
          />
        </div>
      </div>
    </fieldset>
  );
}
