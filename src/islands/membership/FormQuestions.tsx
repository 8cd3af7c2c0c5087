/** The membership form's questions: extend the current membership (renew), the survey, auto-renew. */
import type { SurveyQuestion } from "../../lib/domain/survey.ts";
import { ChoiceInput } from "../ui/ChoiceInput.tsx";
import { SurveyField } from "../ui/SurveyField.tsx";
import type { FormText } from "./form-text.ts";

export function ExtendOption(props: {
  checked: boolean;
  ended: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  text: FormText;
}) {
  const { text } = props;
  return (
    <div className="reserve__section membership-extend">
      <label>
        <ChoiceInput
          type="checkbox"
          checked={props.checked}
          disabled={props.disabled}
          onChange={(e) => props.onChange(e.target.checked)}
        />{" "}
        {text("membershipForm.extend")}
      </label>
      <p className="muted">
        {text(props.ended ? "membershipForm.extend.hintEnded" : "membershipForm.extend.hint")}
      </p>
    </div>
  );
}

export function SurveyQuestions(props: {
  questions: readonly SurveyQuestion[];
  answers: Record<string, string>;
  disabled: boolean;
  onAnswer: (key: string, value: string) => void;
  text: FormText;
}) {
  return (
    <fieldset className="reserve__section reserve-fieldset" disabled={props.disabled}>
      <legend>{props.text("membershipForm.survey.heading")}</legend>
      {props.questions.map((q) => (
        <div key={q.key} data-question={q.key}>
          <SurveyField
            question={q}
            value={props.answers[q.key] ?? ""}
            onChange={(v) => props.onAnswer(q.key, v)}
            error={undefined}
          />
        </div>
      ))}
    </fieldset>
  );
}

export function AutoRenewQuestion(props: {
  /** The radios' name (the form's own id). */
  name: string;
  value: boolean;
  disabled: boolean;
  onChange: (value: boolean) => void;
  text: FormText;
}) {
  const { text } = props;
  return (
    <fieldset className="reserve__section membership-autorenew" disabled={props.disabled}>
      <legend>{text("membershipForm.autoRenew.legend")}</legend>
      <p className="muted">{text("membershipForm.autoRenew.hint")}</p>
      <label className="one-ticket__option">
        <ChoiceInput
          type="radio"
          name={props.name}
          checked={props.value}
          onChange={() => props.onChange(true)}
        />
        {text("membershipForm.autoRenew.yes")}
      </label>
      <label className="one-ticket__option">
        <ChoiceInput
          type="radio"
          name={props.name}
          checked={!props.value}
          onChange={() => props.onChange(false)}
        />
        {text("membershipForm.autoRenew.no")}
      </label>
    </fieldset>
  );
}
