import type { ComponentProps } from 'react';
import { cx } from './cx.ts';

export type TextareaProps = ComponentProps<'textarea'>;

export function Textarea({ className, ...rest }: TextareaProps) {
  return (
    <textarea
      className={cx(
        'block min-h-28 w-full rounded-lg border border-border-strong bg-surface px-3 py-2 text-base text-text',
        'placeholder:text-text-muted transition-colors duration-150 disabled:cursor-not-allowed disabled:opacity-60',
        'aria-invalid:border-negative',
        className,
      )}
      {...rest}
    />
  );
}
