import { RadioGroup } from 'radix-ui';
import { useId } from 'react';
import { cx } from './cx.ts';

export type SegmentedControlProps<T extends string> = {
  /** Names the group, e.g. 'Appearance'. */
  label: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onValueChange: (value: T) => void;
  disabled?: boolean;
  className?: string;
};

/** One choice out of a few, side by side (a radio group: arrow keys move and choose). */
export function SegmentedControl<T extends string>({
  label,
  options,
  value,
  onValueChange,
  disabled = false,
  className,
}: SegmentedControlProps<T>) {
  const labelId = useId();
  return (
    <div className={cx('flex flex-col gap-2', className)}>
      <span id={labelId} className="text-sm font-medium text-text">
        {label}
      </span>
      <RadioGroup.Root
        aria-labelledby={labelId}
        orientation="horizontal"
        value={value}
        onValueChange={(next) => onValueChange(next as T)}
        disabled={disabled}
        className="inline-flex w-fit gap-1 rounded-lg border border-border bg-surface p-1"
      >
        {options.map((option) => (
          <RadioGroup.Item
            key={option.value}
            value={option.value}
            className={cx(
              'h-8 rounded-md px-4 text-sm font-medium text-text-muted transition-colors duration-150 hover:text-text',
              'data-[state=checked]:bg-accent data-[state=checked]:text-on-accent',
            )}
          >
            {option.label}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </div>
  );
}
