import { type ResourceSummary, resourceMessages } from '@penny/contracts';
import { Bookmark, MessageSquarePlus, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClassName, cx, EmptyState, Skeleton } from '../../ui/index.ts';
import { savedAgo } from './relative-date.ts';

export type ResourceListProps = {
  resources: readonly ResourceSummary[];
  selectedId: string | undefined;
  status: 'pending' | 'error' | 'success';
  /** Ids being deleted right now: their delete buttons are busy. */
  deletingIds: ReadonlySet<string>;
  onDelete: (resource: ResourceSummary) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onRetry: () => void;
};

/**
 * Links to /Resources/{id} so selecting is navigating (docs/product/chat.md, "Resources"), and the browser's
 * back button works.
 */
export function resourcePath(id: string): string {
  return `/Resources/${encodeURIComponent(id)}`;
}

function ListSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-2 p-2">
      <span className="sr-only">Loading resources...</span>
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="flex flex-col gap-2 rounded-lg px-3 py-3">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-3 w-1/3" />
        </div>
      ))}
    </div>
  );
}

/** The saved resources, newest first: title, relative date and a delete button on each. */
export function ResourceList({
  resources,
  selectedId,
  status,
  deletingIds,
  onDelete,
  hasMore,
  loadingMore,
  onLoadMore,
  onRetry,
}: ResourceListProps) {
  if (status === 'pending') return <ListSkeleton />;
  if (resources.length === 0) {
    if (status === 'error') {
      return (
        <EmptyState
          icon={Bookmark}
          title="Your saved resources could not be loaded."
          className="min-h-80"
          action={
            <Button variant="secondary" onClick={onRetry}>
              Retry
            </Button>
          }
        />
      );
    }
    // The way forward from nothing saved: a conversation, where results are made and saved.
    return (
      <EmptyState
        icon={Bookmark}
        title={resourceMessages.emptyTitle}
        hint={resourceMessages.emptyHint}
        className="min-h-80"
        action={
          <Link to="/" className={buttonClassName()}>
            <MessageSquarePlus aria-hidden="true" />
            Start a chat
          </Link>
        }
      />
    );
  }
  return (
    <div className="flex flex-col gap-2 p-2">
      <ul className="flex flex-col gap-1">
        {resources.map((resource) => {
          const selected = resource.id === selectedId;
          const savedAt = resource.timestamp || resource.created_at;
          return (
            <li
              key={resource.id}
              className={cx(
                'flex items-center gap-1 rounded-lg pr-1 transition-colors',
                selected ? 'bg-accent/15' : 'hover:bg-surface-raised',
              )}
            >
              <Link
                to={resourcePath(resource.id)}
                aria-current={selected ? 'page' : undefined}
                className="flex min-w-0 flex-1 flex-col gap-0.5 rounded-lg px-3 py-2 focus-visible:outline-2 focus-visible:outline-accent"
              >
                <span className="truncate text-sm font-medium text-text" title={resource.title}>
                  {resource.title}
                </span>
                <time dateTime={savedAt} className="text-xs text-text-muted">
                  {savedAgo(savedAt)}
                </time>
              </Link>
              <Button
                variant="ghost"
                size="icon"
                className="size-8 text-text-muted hover:text-negative"
                aria-label={`Delete ${resource.title}`}
                title="Delete"
                disabled={deletingIds.has(resource.id)}
                aria-busy={deletingIds.has(resource.id) || undefined}
                onClick={() => onDelete(resource)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ul>
      {hasMore ? (
        <Button
          variant="secondary"
          size="sm"
          loading={loadingMore}
          busyLabel="Loading..."
          onClick={onLoadMore}
        >
          Load More
        </Button>
      ) : null}
    </div>
  );
}
