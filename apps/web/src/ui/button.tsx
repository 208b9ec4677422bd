import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cx } from './cx.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'destructive';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const base =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap select-none ' +
  'transition-colors duration-150 disabled:cursor-not-allowed disabled:opacity-60 ' +
  'aria-disabled:cursor-not-allowed aria-disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-on-accent hover:bg-accent/90 active:bg-accent/80',
  secondary: 'border border-border-strong bg-surface text-text hover:bg-surface-raised',
  ghost: 'bg-transparent text-text hover:bg-surface-raised',
  destructive: 'bg-destructive text-on-destructive hover:bg-destructive/90 active:bg-destructive/80',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'size-10 p-0',
};

/** The button look, for elements that are not a `<Button>` (use `asChild` where possible). */
export function buttonClassName({
  variant = 'primary',
  size = 'md',
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string | undefined;
} = {}): string {
  return cx(base, variants[variant], sizes[size], className);
}

export type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Busy: the button is disabled, announces itself busy and shows `busyLabel` instead of its children. */
  loading?: boolean;
  /**
   * The text shown while busy, e.g. the required 'Processing...' or 'Creating Account...'
   * (docs/product/identity.md, "Authentication screen").
   */
  busyLabel?: string;
  /** Render the single child (e.g. a router Link) with the button's look and props. */
  asChild?: boolean;
};

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  busyLabel = 'Processing...',
  asChild = false,
  className,
  disabled,
  children,
  type,
  ...rest
}: ButtonProps) {
  const classes = buttonClassName({ variant, size, className });
  if (asChild) {
    return (
      <Slot.Root className={classes} {...rest}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? busyLabel : children}
    </button>
  );
}
