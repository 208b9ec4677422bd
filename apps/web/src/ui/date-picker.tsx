import { cx } from './cx.ts';
import { Input, type InputProps } from './input.tsx';

/** Today's date in the user's time zone as `YYYY-MM-DD`. */
export function localIsoDate(date: Date = new Date()): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

export type DatePickerProps = Omit<InputProps, 'type' | 'value' | 'onChange' | 'min' | 'max'> & {
  /** `YYYY-MM-DD`, or '' when empty. */
  value: string;
  onValueChange: (value: string) => void;
  min?: string;
  /** Latest selectable date, `YYYY-MM-DD`. */
  max?: string;
  /** Shorthand for `max` = today (e.g. a date of birth). */
  noFutureDates?: boolean;
};

/**
 * The browser's own date picker (`<input type="date">`): keyboard operable, localised, with a calendar
 * popup on every platform, and the bounds enforced by the picker itself.
 */
export function DatePicker({
  value,
  onValueChange,
  min,
  max,
  noFutureDates = false,
  className,
  ...rest
}: DatePickerProps) {
  const latest = max ?? (noFutureDates ? localIsoDate() : undefined);
  return (
    <Input
      type="date"
      value={value}
      min={min}
      max={latest}
      onChange={(event) => onValueChange(event.target.value)}
      className={cx('[color-scheme:inherit]', className)}
      {...rest}
    />
  );
}
