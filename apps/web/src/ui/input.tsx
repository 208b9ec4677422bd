import type { ComponentProps } from 'react';
import { cx } from './cx.ts';

export const inputClassName =
  'block h-10 w-full rounded-lg border border-border-strong bg-surface px-3 text-base text-text ' +
  'placeholder:text-text-muted transition-colors duration-150 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 ' +
  'aria-invalid:border-negative';

export type InputProps = ComponentProps<'input'>;

export function Input({ className, type = 'text', ...rest }: InputProps) {
  return <input type={type} className={cx(inputClassName, className)} {...rest} />;
}
