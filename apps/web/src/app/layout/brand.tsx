import { cx } from '../../ui/index.ts';

/** The Penny mark and name. */
export function Brand({ showName = true, className }: { showName?: boolean; className?: string }) {
  return (
    <span className={cx('flex items-center gap-2', className)}>
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-accent text-base font-semibold text-on-accent"
      >
        P
      </span>
      {showName ? <span className="text-lg font-semibold tracking-tight text-text">Penny</span> : null}
    </span>
  );
}
