import { RadioGroup } from 'radix-ui';
import { useId } from 'react';
import { cx } from './cx.ts';

export type RatingScaleProps = {
  /** Names the group, e.g. 'Personal Finance'. */
  label: string;
  /** Highest value; the scale runs 1..max. */
  max: number;
  /** The chosen value, or null when not set. */
  value: number | null;
  onValueChange: (value: number) => void;
  /** Words for some values (e.g. risk 1 'Conservative Risk'); the current one is shown and announced. */
  hints?: Partial<Record<number, string>>;
  /** The words of each end of the scale, shown under it. */
  ends?: [low: string, high: string];
  disabled?: boolean;
  className?: string;
};

/** A 1..max rating as a row of radio buttons (arrow keys move and choose). */
export function RatingScale({
  label,
  max,
  value,
  onValueChange,
  hints,
  ends,
  disabled = false,
  className,
}: RatingScaleProps) {
  const labelId = useId();
  const hintId = useId();
  const hint = value !== null ? hints?.[value] : undefined;
  return (
    <div className={cx('flex flex-col gap-2', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <span id={labelId} className="text-sm font-medium text-text">
          {label}
        </span>
        <span id={hintId} aria-live="polite" className="amount text-sm text-text-muted">
          {value === null ? 'Not set' : `${value}/${max}${hint ? ` · ${hint}` : ''}`}
        </span>
      </div>
      <RadioGroup.Root
        aria-labelledby={labelId}
        aria-describedby={hintId}
        orientation="horizontal"
        value={value === null ? '' : String(value)}
        onValueChange={(next) => onValueChange(Number(next))}
        disabled={disabled}
        className="flex gap-1"
      >
        {Array.from({ length: max }, (_, index) => {
          const n = index + 1;
          return (
            <RadioGroup.Item
              key={n}
              value={String(n)}
              aria-label={hints?.[n] ? `${n}, ${hints[n]}` : String(n)}
              className={cx(
                'amount flex h-9 min-w-0 flex-1 items-center justify-center rounded-md border border-border-strong',
                'bg-surface text-sm font-medium text-text transition-colors duration-150 hover:bg-surface-raised',
                'data-[state=checked]:border-accent data-[state=checked]:bg-accent data-[state=checked]:text-on-accent',
                'disabled:cursor-not-allowed disabled:opacity-60',
              )}
            >
              {n}
            </RadioGroup.Item>
          );
        })}
      </RadioGroup.Root>
      {ends ? (
        <div aria-hidden="true" className="flex justify-between text-xs text-text-muted">
          <span>{ends[0]}</span>
          <span>{ends[1]}</span>
        </div>
      ) : null}
    </div>
  );
}
