import { cx } from './cx.ts';
import { LogoMark } from './logo-mark.tsx';

export type LoadingScreenProps = {
  /**
   * The words shown and announced, e.g. the required 'Verifying authentication...' (docs/product/identity.md,
   * "Route table").
   */
  label: string;
  /** Fill the viewport (default) or only the parent. */
  fullScreen?: boolean;
  className?: string;
};

/** Loading without a spinner: the label and a quiet progress line (still when motion is reduced). */
export function LoadingScreen({ label, fullScreen = true, className }: LoadingScreenProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cx(
        'flex flex-col items-center justify-center gap-4 bg-background px-6 text-center',
        fullScreen ? 'min-h-dvh' : 'h-full min-h-40',
        className,
      )}
    >
      <LogoMark className="size-10" />
      <p className="text-sm text-text-muted">{label}</p>
      <span aria-hidden="true" className="relative h-1 w-32 overflow-hidden rounded-full bg-border">
        <span className="absolute animate-indeterminate motion-reduce:animate-none inset-y-0 left-0 w-1/3 rounded-full bg-accent" />
      </span>
    </div>
  );
}
