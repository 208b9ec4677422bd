import { cx } from '../../ui/index.ts';

export type BlockHeadingLevel = 2 | 3 | 4 | 5 | 6;

type Titled = { title?: string; subtitle?: string; description?: string };

/** A block's title (a heading at `level`), subtitle and description; nothing when it has none. */
export function BlockHeader({
  block,
  level,
  className,
}: {
  block: Titled;
  level: BlockHeadingLevel;
  className?: string;
}) {
  const title = block.title?.trim();
  const subtitle = block.subtitle?.trim();
  const description = block.description?.trim();
  if (!title && !subtitle && !description) return null;
  const Heading = `h${level}` as 'h3';
  return (
    <div className={cx('flex flex-col gap-0.5', className)}>
      {title ? <Heading className="text-base font-semibold text-text">{title}</Heading> : null}
      {subtitle ? <p className="text-sm text-text-muted">{subtitle}</p> : null}
      {description ? <p className="text-sm text-text-muted">{description}</p> : null}
    </div>
  );
}
