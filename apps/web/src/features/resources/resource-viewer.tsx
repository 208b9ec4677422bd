import {
  isDslBlockOfType,
  parseDslObjects,
  RESOURCE_TOAST_MS,
  type ResourceUserInfo,
  resourceMessages,
} from '@penny/contracts';
import { ArrowLeft, FileQuestion, MousePointerClick, Plus } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Link } from 'react-router';
import { ResourceLoadError } from '../../api/index.ts';
import { Button, buttonClassName, EmptyState, Skeleton, toast } from '../../ui/index.ts';
import { useForkVisualization } from './fork.ts';
import { useResource } from './queries.ts';
import { savedAgo } from './relative-date.ts';

// The renderer (markup, tables, charts) loads after the list, keeping the page's own code small.
const VisualizationView = lazy(() =>
  import('../visualizations/index.ts').then((m) => ({ default: m.VisualizationView })),
);

export type ResourceViewerProps = {
  user: ResourceUserInfo;
  resourceId: string | undefined;
};

function ViewerMessage({ title, role, action }: { title: string; role?: 'alert'; action?: ReactNode }) {
  return (
    <div role={role} className="contents">
      <EmptyState
        icon={role ? FileQuestion : MousePointerClick}
        title={title}
        action={action}
        className="min-h-80"
      />
    </div>
  );
}

/** The way out of a resource that cannot be shown: back to the list (which selects its first one). */
function BackToResources() {
  return (
    <Link to="/Resources" replace className={buttonClassName({ variant: 'secondary' })}>
      <ArrowLeft aria-hidden="true" />
      Back
    </Link>
  );
}

function ViewerSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-4 p-4">
      <p role="status" className="text-sm text-text-muted">
        {resourceMessages.loading}
      </p>
      <Skeleton className="h-6 w-1/2" />
      <Skeleton className="h-4 w-1/4" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

/**
 * The selected resource, rendered as its visualizations, with the required empty, loading and error states
 * (docs/product/chat.md, "Resources").
 */
export function ResourceViewer({ user, resourceId }: ResourceViewerProps) {
  const query = useResource(user, resourceId);
  const fork = useForkVisualization();
  const error = query.error;

  useEffect(() => {
    if (!error) return;
    toast.error(`${resourceMessages.loadFailedPrefix}${error.message}`, {
      id: 'resource-load-failed',
      duration: RESOURCE_TOAST_MS.loadFailed,
    });
  }, [error]);

  if (!resourceId) return <ViewerMessage title={resourceMessages.selectPrompt} />;
  if (query.isPending) return <ViewerSkeleton />;
  if (error) {
    const message =
      error instanceof ResourceLoadError && error.notFound ? resourceMessages.notFound : error.message;
    return (
      <ViewerMessage role="alert" title={message || resourceMessages.noData} action={<BackToResources />} />
    );
  }
  const resource = query.data;
  if (!resource) {
    return <ViewerMessage role="alert" title={resourceMessages.noData} action={<BackToResources />} />;
  }
  const objects = parseDslObjects(resource.dsl_objects);
  if (objects.length === 0) {
    return (
      <ViewerMessage role="alert" title={resourceMessages.noVisualization} action={<BackToResources />} />
    );
  }

  // The resource's title heads the viewer; a lone container with the same title need not repeat it.
  const [only] = objects;
  const shown =
    objects.length === 1 &&
    only &&
    isDslBlockOfType(only, 'container') &&
    only.title?.trim() === resource.title
      ? [{ ...only, title: undefined }]
      : objects;
  const savedAt = resource.timestamp || resource.created_at;
  return (
    <article aria-labelledby="resource-title" className="flex flex-col gap-4 p-4">
      <header className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id="resource-title" className="text-lg font-semibold break-words text-text">
            {resource.title}
          </h2>
          <p className="text-sm text-text-muted">
            Saved <time dateTime={savedAt}>{savedAgo(savedAt)}</time>
          </p>
        </div>
        <Button
          variant="secondary"
          size="icon"
          aria-label={resourceMessages.forkFromResource}
          title={resourceMessages.forkFromResource}
          onClick={() =>
            fork({
              threadId: resource.thread_id,
              queryId: resource.query_id,
              dslObjects: resource.dsl_objects,
            })
          }
        >
          <Plus aria-hidden="true" />
        </Button>
      </header>
      <Suspense fallback={<Skeleton className="h-64 w-full" />}>
        <VisualizationView objects={shown} headingLevel={3} />
      </Suspense>
    </article>
  );
}
