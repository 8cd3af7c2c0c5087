/** The membership levels as radio choices, each with its summary and price. */
import type { FormLevel } from "../../lib/domain/membership/form.ts";
import { ChoiceInput } from "../ui/ChoiceInput.tsx";
import type { FormText } from "./form-text.ts";

export interface LevelChooserProps {
  levels: readonly FormLevel[];
  levelId: string | undefined;
  /** The radios' name (the form's own id). */
  name: string;
  disabled: boolean;
  onChoose: (levelId: string) => void;
  money: (minor: number) => string;
  text: FormText;
}

export function LevelChooser({ levels, levelId, name, disabled, onChoose, money, text }: LevelChooserProps) {
  return (
    <fieldset className="membership-levels" disabled={disabled}>
      <legend>{text("membershipForm.levels.legend")}</legend>
      <div className="membership-levels__list">
        {levels.map((l) => (
          <label key={l.id} className="membership-level" data-level={l.id}>
            <ChoiceInput
              type="radio"
              name={name}
              value={l.id}
              required
              checked={levelId === l.id}
              onChange={() => onChoose(l.id)}
            />
            <span className="membership-level__body">
              <span className="membership-level__name">{l.name}</span>
              {l.summary && <span className="membership-level__summary">{l.summary}</span>}
            </span>
            <span className="membership-level__price">{money(l.amount)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
