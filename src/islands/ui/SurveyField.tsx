/**
 * One survey question of a ticket group's additional_info_spec (spec 1 §5 "Survey"): a select for
 * an enum, else an input typed by the question (number, text, e-mail, date) with its minimum and
 * maximum. Shared by the reserve island and the membership form.
 */
import { useId, useRef } from "react";
import type { SurveyQuestion } from "../../lib/domain/survey.ts";
import { ChoiceSelect } from "./ChoiceInput.tsx";
import { useTypedBeforeHydration } from "./useTypedBeforeHydration.ts";

export function SurveyField({
  question,
  value,
  onChange,
  error,
}: {
  question: SurveyQuestion;
  value: string;
  onChange: (value: string) => void;
  /** The text of the answer's problem, if any. */
  error: string | undefined;
}) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(field, value, onChange);
  const errorId = `${id}-error`;
  const common = {
    id,
    required: question.required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
  } as const;
  return (
    <div className="field">
      <label htmlFor={id}>
        {question.title}
        {question.required && <span aria-hidden="true"> *</span>}
      </label>
      {question.description && <span className="muted">{question.description}</span>}
      {question.options ? (
        <ChoiceSelect {...common} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="" />
          {question.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </ChoiceSelect>
      ) : (
        <input
          {...common}
          ref={field}
          type={question.type === "string" ? (question.format ?? "text") : "number"}
          min={question.minimum}
          max={question.maximum}
          maxLength={question.type === "string" ? 1000 : undefined}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {error && (
        <span id={errorId} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
