import { cx, LogoMark } from '../../ui/index.ts';

/** The Penny mark and name. */
export function Brand({ showName = true, className }: { showName?: boolean; className?: string }) {
  return (
    <span className={cx('flex items-center gap-2', className)}>
      <LogoMark />
      {showName ? <span className="text-lg font-semibold tracking-tight text-text">Penny</span> : null}
    </span>
  );
}
