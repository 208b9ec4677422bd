import type { ComponentProps } from 'react';
import { cx } from './cx.ts';

export type CardProps = ComponentProps<'div'>;

/** A raised surface with rounded corners and a subtle elevation. */
export function Card({ className, ...rest }: CardProps) {
  return (
    <div
      className={cx(
        'rounded-xl border border-border bg-surface-raised p-4 text-text shadow-raised',
        className,
      )}
      {...rest}
    />
  );
}

export function CardTitle({ className, ...rest }: ComponentProps<'h2'>) {
  return <h2 className={cx('text-base font-semibold text-text', className)} {...rest} />;
}
