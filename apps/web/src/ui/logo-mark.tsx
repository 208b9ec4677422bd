import { cx } from './cx.ts';

/**
 * Penny's mark: a coin whose rim holds a P, drawn in the theme's accent (favicon.svg is the same shape
 * in fixed colours). Decorative: the name beside it, or the surrounding control, says what it is.
 */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 32 32"
      className={cx('size-8 shrink-0', className)}
      fill="none"
    >
      <rect width="32" height="32" rx="9" className="fill-accent" />
      <circle cx="16" cy="16" r="10.25" className="stroke-on-accent" strokeWidth="1.75" opacity="0.55" />
      <path
        d="M13.25 21.75V10.25h3.9a3.55 3.55 0 0 1 0 7.1h-3.9"
        className="stroke-on-accent"
        strokeWidth="2.25"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
