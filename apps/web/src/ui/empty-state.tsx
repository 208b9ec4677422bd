import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from './cx.ts';

export type EmptyStateProps = {
  icon?: LucideIcon;
  title: ReactNode;
  hint?: ReactNode;
  /** The next step, usually a Button. */
  action?: ReactNode;
  className?: string;
};

/**
 * An empty list or panel: the required empty text (docs/product/chat.md, "Screens and routes") and a way
 * forward.
 */
export function EmptyState({ icon: Icon, title, hint, action, className }: EmptyStateProps) {
  return (
    <div className={cx('flex flex-col items-center justify-center gap-3 px-6 py-10 text-center', className)}>
      {Icon ? (
        <span className="flex size-12 items-center justify-center rounded-full bg-surface-raised text-text-muted">
          <Icon aria-hidden="true" className="size-6" strokeWidth={1.75} />
        </span>
      ) : null}
      <p className="text-base font-medium text-text">{title}</p>
      {hint ? <p className="max-w-sm text-sm text-text-muted">{hint}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
