import { type DslObject, parseDslObjects } from '@penny/contracts';
import { type ReactNode, useId, useMemo } from 'react';
import { cx } from '../../ui/index.ts';
import type { BlockHeadingLevel } from './block-header.tsx';
import { BlockList, BlockView } from './block-view.tsx';

/** What a card's actions (save, fork...) get to work with. */
export type VisualizationCardInfo = {
  /** The top-level object the card shows: usually a container, sometimes a bare block. */
  object: DslObject;
  /** Its position in the list given to VisualizationView. */
  index: number;
  /** The object's `id` as a string (a container's id carries the query id a fork needs). */
  id: string | undefined;
  /** The container's (or bare block's) title. */
  title: string | undefined;
  /** Set on a visualization copied into a new chat. */
  isNew: boolean;
};

export type VisualizationViewProps = {
  /**
   * What to render: a container, a block, a list of them (a resource's `dsl_objects`), or a response
   * carrying `dsl_objects`. Read tolerantly (parseDslObjects): nothing here throws.
   */
  objects: unknown;
  /** Per-card actions, e.g. icon buttons; rendered at the right of the card's header. */
  actions?: (card: VisualizationCardInfo) => ReactNode;
  /** Shown instead when there is nothing to render. */
  empty?: ReactNode;
  /** The level of card titles (default 2); blocks inside use the next levels. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
};

function idOf(object: DslObject): string | undefined {
  const id = (object as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

function titleOf(object: DslObject): string | undefined {
  const title = (object as { title?: unknown }).title;
  return typeof title === 'string' && title.trim() ? title.trim() : undefined;
}

function VisualizationCard({
  object,
  index,
  actions,
  headingLevel,
}: {
  object: DslObject;
  index: number;
  actions: VisualizationViewProps['actions'];
  headingLevel: 2 | 3 | 4;
}) {
  const titleId = useId();
  const isContainer = object.type === 'container';
  const info: VisualizationCardInfo = {
    object,
    index,
    id: idOf(object),
    title: titleOf(object),
    isNew: (object as { isNew?: unknown }).isNew === true,
  };
  const actionNodes = actions?.(info);
  const cardTitle = isContainer ? info.title : undefined;
  const subtitle = isContainer ? (object as { subtitle?: unknown }).subtitle : undefined;
  // A container's description is its one-line reading (what its figures were counted from), plain text.
  const description = isContainer ? (object as { description?: unknown }).description : undefined;
  const Heading = `h${headingLevel}` as 'h2';
  const inner = (isContainer && cardTitle ? headingLevel + 1 : headingLevel) as BlockHeadingLevel;

  return (
    <article
      className={cx(
        'flex min-w-0 flex-col gap-4 rounded-xl border border-border bg-surface-raised p-4 text-text shadow-raised sm:p-5',
        info.isNew && 'animate-fade-in ring-2 ring-accent/60',
      )}
      aria-labelledby={cardTitle ? titleId : undefined}
      aria-label={cardTitle ? undefined : (info.title ?? 'Visualization')}
      data-visualization-card={info.id ?? index}
      data-new={info.isNew || undefined}
    >
      {cardTitle || actionNodes ? (
        <header className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-0.5">
            {cardTitle ? (
              <Heading id={titleId} className="text-lg font-semibold tracking-tight">
                {cardTitle}
              </Heading>
            ) : null}
            {typeof subtitle === 'string' && subtitle.trim() ? (
              <p className="text-sm text-text-muted">{subtitle}</p>
            ) : null}
            {typeof description === 'string' && description.trim() ? (
              <p className="text-sm text-text-muted">{description}</p>
            ) : null}
          </div>
          {actionNodes ? (
            <div className="-mt-1 -mr-1 flex shrink-0 items-center gap-1">{actionNodes}</div>
          ) : null}
        </header>
      ) : null}
      {object.type === 'container' && Array.isArray(object.content_blocks) ? (
        <BlockList blocks={object.content_blocks} headingLevel={inner} />
      ) : (
        <BlockView block={object} headingLevel={inner} />
      )}
    </article>
  );
}

/**
 * Renders DSL documents: one card per top-level object (a container's title heads its card), with
 * optional per-card actions. Every block type of docs/product/chat.md, "Block types"; unknown types as a raw
 * dump.
 */
export function VisualizationView({
  objects,
  actions,
  empty = null,
  headingLevel = 2,
  className,
}: VisualizationViewProps) {
  // Top-level card and info objects render nothing (docs/product/chat.md, "Block types"), so they get no
  // empty card either; cards keep their position in the list they came in.
  const cards = useMemo(
    () =>
      parseDslObjects(objects)
        .map((object, index) => ({ object, index }))
        .filter(({ object }) => object.type !== 'card' && object.type !== 'info'),
    [objects],
  );
  if (cards.length === 0) return <>{empty}</>;
  return (
    <div className={cx('flex min-w-0 flex-col gap-4', className)}>
      {cards.map(({ object, index }) => (
        <VisualizationCard
          key={index}
          object={object}
          index={index}
          actions={actions}
          headingLevel={headingLevel}
        />
      ))}
    </div>
  );
}
