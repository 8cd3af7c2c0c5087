/** A quantity stepper: two labelled buttons and the quantity as a live output (spec §5 limits). */
import { useId } from "react";

interface StepperProps {
  name: string;
  quantity: number;
  canIncrease: boolean;
  onIncrease: () => void;
  onDecrease: () => void;
  labels: { increase: string; decrease: string; quantity: string };
  disabled?: boolean;
}

export function Stepper({ quantity, canIncrease, onIncrease, onDecrease, labels, disabled }: StepperProps) {
  const id = useId();
  return (
    <div className="stepper">
      <button
        type="button"
        className="stepper__button"
        aria-label={labels.decrease}
        aria-controls={id}
        disabled={disabled || quantity === 0}
        onClick={onDecrease}
      >
        −
      </button>
      <output id={id} className="stepper__value" aria-live="polite" aria-label={labels.quantity}>
        {quantity}
      </output>
      <button
        type="button"
        className="stepper__button"
        aria-label={labels.increase}
        aria-controls={id}
        disabled={disabled || !canIncrease}
        onClick={onIncrease}
      >
        +
      </button>
    </div>
  );
}
