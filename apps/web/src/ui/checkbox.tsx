import { Check } from 'lucide-react';
import { Checkbox as CheckboxPrimitive } from 'radix-ui';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { cx } from './cx.ts';

export type CheckboxProps = Omit<ComponentProps<typeof CheckboxPrimitive.Root>, 'children'> & {
  /** The visible label; it names the checkbox and toggles it when clicked. */
  label: ReactNode;
  /** Extra content after the label (e.g. a link), outside the clickable label. */
  after?: ReactNode;
};

/** A labelled checkbox (Radix: a `role="checkbox"` button, Space toggles). */
export function Checkbox({ label, after, id, className, ...rest }: CheckboxProps) {
  const generated = useId();
  const controlId = id ?? `checkbox-${generated}`;
  return (
    <div className={cx('flex items-start gap-3', className)}>
      <CheckboxPrimitive.Root
        id={controlId}
        className={cx(
          'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-md border border-border-strong bg-surface',
          'transition-colors duration-150 data-[state=checked]:border-accent data-[state=checked]:bg-accent',
          'data-[state=checked]:text-on-accent disabled:cursor-not-allowed disabled:opacity-60',
          'aria-invalid:border-negative',
        )}
        {...rest}
      >
        <CheckboxPrimitive.Indicator>
          <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
        </CheckboxPrimitive.Indicator>
      </CheckboxPrimitive.Root>
      <div className="flex flex-wrap items-baseline gap-x-1.5 text-sm">
        <label htmlFor={controlId} className="cursor-pointer text-text select-none">
          {label}
        </label>
        {after}
      </div>
    </div>
  );
}
