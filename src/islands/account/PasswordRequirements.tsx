/**
 * The live password requirements list (spec 1 §5): neutral while the field is empty, then each
 * requirement met or not, said in words as well as colour, announced politely.
 */
import {
  PASSWORD_CLASSES_NEEDED,
  PASSWORD_MIN,
  PASSWORD_REQUIREMENTS,
  requirementStates,
} from "../../lib/domain/password-rules.ts";
import type { AccountTranslate } from "./account-strings.ts";

export interface PasswordRequirementsProps {
  id: string;
  password: string;
  tr: AccountTranslate;
}

const MARKS = { neutral: "•", met: "✓", unmet: "✗" } as const;

export function PasswordRequirements({ id, password, tr }: PasswordRequirementsProps) {
  const states = requirementStates(password);
  return (
    <div className="password-requirements" id={id} aria-live="polite">
      <p className="password-requirements__title">{tr("account.password.requirements")}</p>
      <ul>
        {PASSWORD_REQUIREMENTS.map((requirement) => {
          const state = states[requirement.id];
          return (
            <li key={requirement.id} data-state={state} className={`password-requirement--${state}`}>
              <span aria-hidden="true" className="password-requirement__mark">
                {MARKS[state]}
              </span>{" "}
              {tr(`account.password.rule.${requirement.id}`, {
                min: PASSWORD_MIN,
                count: PASSWORD_CLASSES_NEEDED,
              })}
              {state !== "neutral" && (
                <span className="password-requirement__state">
                  {" "}
                  ({tr(state === "met" ? "account.password.met" : "account.password.unmet")})
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
