const STEPS = [
  { step: -1, arrow: '↑' },
  { step: 1, arrow: '↓' },
] as const;

/**
 * The ↑ and ↓ buttons of an item in an ordered staff list (categories, content items): each named
 * for the item (`upLabel`, `downLabel`), held at its end of the list and while `disabled`.
 * `onMove` gets the step: -1 up, 1 down.
 */
export function MoveButtons({
  index,
  count,
  disabled,
  upLabel,
  downLabel,
  onMove,
}: {
  index: number;
  count: number;
  disabled: boolean;
  upLabel: string;
  downLabel: string;
  onMove: (step: -1 | 1) => void;
}) {
  return STEPS.map(({ step, arrow }) => (
    <button
      key={step}
      type="button"
      className="button button--secondary"
      disabled={disabled || index + step < 0 || index + step >= count}
      aria-label={step < 0 ? upLabel : downLabel}
      onClick={() => onMove(step)}
    >
      {arrow}
    </button>
  ));
}
