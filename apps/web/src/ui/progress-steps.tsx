import { cx } from './cx.ts';

export type ProgressStepsProps = {
  /** 1-based current step. */
  current: number;
  total: number;
  /** Names the progress bar, e.g. 'Sign-up progress'. */
  label: string;
  className?: string;
};

/** A progress bar of `total` segments; the segments up to `current` are filled. */
export function ProgressSteps({ current, total, label, className }: ProgressStepsProps) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={1}
      aria-valuemax={total}
      aria-valuenow={current}
      aria-valuetext={`Step ${current} of ${total}`}
      className={cx('flex gap-1.5', className)}
    >
      {Array.from({ length: total }, (_, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: the segments are positions, nothing else.
          key={index}
          data-filled={index < current ? '' : undefined}
          className={cx(
            'h-1.5 flex-1 rounded-full transition-colors duration-200',
            index < current ? 'bg-accent' : 'bg-border',
          )}
        />
      ))}
    </div>
  );
}
