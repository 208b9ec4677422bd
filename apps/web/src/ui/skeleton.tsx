import type { ComponentProps } from 'react';
import { cx } from './cx.ts';

export type SkeletonProps = ComponentProps<'div'>;

/**
 * A placeholder block while content loads. Decorative: put `aria-busy` on the region it stands in for,
 * and give that region a label or a visually hidden loading text.
 */
export function Skeleton({ className, ...rest }: SkeletonProps) {
  return (
    <div
      aria-hidden="true"
      className={cx('animate-pulse rounded-md bg-border/70 motion-reduce:animate-none', className)}
      {...rest}
    />
  );
}
