import type { ReactNode } from 'react';
import { cx } from './cx.ts';

export type PageHeaderProps = {
  /** The screen's name: the page's only h1, and the document title. */
  title: string;
  description?: ReactNode;
  /** Buttons on the right. */
  actions?: ReactNode;
  className?: string;
};

export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  return (
    <header className={cx('flex flex-wrap items-start justify-between gap-4', className)}>
      <title>{`${title} · Penny`}</title>
      <div className="flex min-w-0 flex-col gap-1">
        <h1 className="text-xl font-semibold tracking-tight text-text">{title}</h1>
        {description ? <p className="text-sm text-text-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 gap-2">{actions}</div> : null}
    </header>
  );
}
