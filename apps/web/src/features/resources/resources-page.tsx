import { RESOURCE_TOAST_MS, type ResourceSummary, resourceMessages } from '@penny/contracts';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader, toast } from '../../ui/index.ts';
import { useDeleteResource, useResourceList, useResourceViewUser } from './queries.ts';
import { ResourceList, resourcePath } from './resource-list.tsx';
import { ResourceViewer } from './resource-viewer.tsx';

/**
 * /Resources and /Resources/{resourceId} (docs/product/chat.md, "Resources"): the saved resources on the
 * left, the selected one on the right (stacked below 1024 px). The first resource is selected once the list
 * has loaded; selecting one navigates to its address.
 */
export function ResourcesPage() {
  const { resourceId } = useParams();
  const navigate = useNavigate();
  const user = useResourceViewUser();
  const list = useResourceList(user);
  const remove = useDeleteResource(user);
  const [deletingIds, setDeletingIds] = useState<ReadonlySet<string>>(() => new Set());
  const [deletedIds, setDeletedIds] = useState<ReadonlySet<string>>(() => new Set());

  const listError = list.error;
  useEffect(() => {
    if (!listError) return;
    toast.error(`${resourceMessages.listFailedPrefix}${listError.message}`, {
      id: 'resources-list-failed',
      duration: RESOURCE_TOAST_MS.listFailed,
    });
  }, [listError]);

  const firstId = list.resources.find((resource) => !deletedIds.has(resource.id))?.id;
  useEffect(() => {
    // A deleted resource leaves the address (also when a selection raced the delete), and the first
    // remaining one is selected.
    if (resourceId && deletedIds.has(resourceId)) void navigate('/Resources', { replace: true });
    else if (!resourceId && list.isSuccess && firstId)
      void navigate(resourcePath(firstId), { replace: true });
  }, [resourceId, deletedIds, list.isSuccess, firstId, navigate]);

  async function onDelete(resource: ResourceSummary) {
    setDeletingIds((ids) => new Set(ids).add(resource.id));
    try {
      const result = await remove.mutateAsync(resource.id);
      if (!result.success) {
        toast.error(result.error || resourceMessages.deleteFailed, {
          duration: RESOURCE_TOAST_MS.deleteFailed,
        });
        return;
      }
      toast.success(resourceMessages.deletedTitle, {
        description: resourceMessages.deletedDescription,
        duration: RESOURCE_TOAST_MS.deleted,
      });
      setDeletedIds((ids) => new Set(ids).add(resource.id));
    } catch {
      toast.error(resourceMessages.deleteFailed, { duration: RESOURCE_TOAST_MS.deleteFailed });
    } finally {
      setDeletingIds((ids) => {
        const next = new Set(ids);
        next.delete(resource.id);
        return next;
      });
    }
  }

  return (
    <div className="flex min-h-full flex-col gap-6 px-4 py-6 sm:px-8">
      <PageHeader title={resourceMessages.header} />
      <div className="flex min-h-0 flex-1 flex-col gap-4 lg:flex-row lg:items-start">
        <nav
          aria-label="Saved resources"
          className="shrink-0 rounded-xl border border-border bg-surface lg:sticky lg:top-0 lg:max-h-[calc(100dvh-10rem)] lg:w-80 lg:overflow-y-auto"
        >
          <ResourceList
            resources={list.resources}
            selectedId={resourceId}
            status={list.status}
            deletingIds={deletingIds}
            onDelete={(resource) => void onDelete(resource)}
            hasMore={list.hasNextPage}
            loadingMore={list.isFetchingNextPage}
            onLoadMore={() => void list.fetchNextPage()}
            onRetry={() => void list.refetch()}
          />
        </nav>
        <section
          aria-label="Selected resource"
          className="min-h-64 min-w-0 flex-1 rounded-xl border border-border bg-surface"
        >
          <ResourceViewer user={user} resourceId={resourceId} />
        </section>
      </div>
    </div>
  );
}
