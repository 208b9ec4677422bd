import { chatMessages, type ThreadSummary } from '@penny/contracts';
import { MessageSquare, MoreHorizontal, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { Button, cx, Skeleton } from '../../ui/index.ts';
import { useChatIdentity, useDeleteThread, useThreadList } from './threads.ts';

const linkClassName =
  'flex h-9 min-w-0 flex-1 items-center gap-2 rounded-lg pr-9 pl-3 text-sm text-text-muted transition-colors ' +
  'hover:bg-surface-raised hover:text-text aria-[current=page]:bg-surface-raised aria-[current=page]:text-text';

function ThreadRow({
  thread,
  deleting,
  onDelete,
}: {
  thread: ThreadSummary;
  deleting: boolean;
  onDelete: () => void;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <li className="group relative flex items-center" aria-busy={deleting || undefined}>
      <NavLink to={`/chat/${encodeURIComponent(thread.id)}`} className={linkClassName} title={thread.title}>
        <MessageSquare aria-hidden="true" className="size-4 shrink-0" strokeWidth={1.75} />
        <span className="truncate">{thread.title}</span>
      </NavLink>
      <DropdownMenu.Root open={menuOpen} onOpenChange={setMenuOpen}>
        <DropdownMenu.Trigger asChild>
          <button
            type="button"
            aria-label={`Options for ${thread.title}`}
            disabled={deleting}
            className={cx(
              'absolute right-1 flex size-7 items-center justify-center rounded-md text-text-muted',
              'hover:bg-surface hover:text-text focus-visible:opacity-100',
              // Shown on hover or focus (the hover menu of docs/product/chat.md, "Sidebar"), and always
              // reachable by keyboard.
              'opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 data-[state=open]:opacity-100',
              'pointer-coarse:opacity-100',
            )}
          >
            <MoreHorizontal aria-hidden="true" className="size-4" />
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-36 rounded-lg border border-border bg-surface-raised p-1 text-text shadow-overlay"
          >
            <DropdownMenu.Item
              onSelect={onDelete}
              className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-negative outline-none data-[highlighted]:bg-surface"
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {chatMessages.deleteThread}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </li>
  );
}

/**
 * The sidebar's thread history (docs/product/chat.md, "Sidebar"): newest first, 'No conversations yet' when
 * empty, Load More for the next page, and a hover (or focus) menu per thread with Delete. A failed read
 * says 'Failed to fetch threads: {status}' and leaves the list empty.
 */
export function ThreadList() {
  const identity = useChatIdentity();
  const user = identity?.user ?? null;
  const list = useThreadList(user);
  const remove = useDeleteThread(user);
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(() => new Set());
  const navigate = useNavigate();

  async function onDelete(thread: ThreadSummary) {
    setDeleting((ids) => new Set(ids).add(thread.id));
    try {
      const result = await remove.mutateAsync(thread.id);
      // A conversation deleted while open leaves its page.
      if (result.success && window.location.pathname === `/chat/${encodeURIComponent(thread.id)}`) {
        void navigate('/', { replace: true });
      }
    } catch {
      // The mutation's own toast said so.
    } finally {
      setDeleting((ids) => {
        const next = new Set(ids);
        next.delete(thread.id);
        return next;
      });
    }
  }

  let body: ReactNode;
  if (list.isPending && list.threads.length === 0 && user) {
    body = (
      <div aria-busy="true" className="flex flex-col gap-2 px-3 py-2">
        <span className="sr-only">Loading conversations</span>
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-5 w-3/5" />
        <Skeleton className="h-5 w-2/3" />
      </div>
    );
  } else if (list.isError && list.threads.length === 0) {
    // docs/product/chat.md, "Thread errors": the failure leaves the list empty.
    body = (
      <div className="flex flex-col items-start gap-1 px-3 py-2">
        <p className="text-sm text-text-muted">{chatMessages.noConversations}</p>
        <p className="text-sm text-negative">{list.error.message}</p>
        <Button variant="ghost" size="sm" className="-ml-3" onClick={() => void list.refetch()}>
          Retry
        </Button>
      </div>
    );
  } else if (list.threads.length === 0) {
    body = <p className="px-3 py-2 text-sm text-text-muted">{chatMessages.noConversations}</p>;
  } else {
    body = (
      <>
        <ul className="flex flex-col gap-0.5">
          {list.threads.map((thread) => (
            <ThreadRow
              key={thread.id}
              thread={thread}
              deleting={deleting.has(thread.id)}
              onDelete={() => void onDelete(thread)}
            />
          ))}
        </ul>
        {list.hasNextPage ? (
          <Button
            variant="ghost"
            size="sm"
            className="mt-1 w-full"
            loading={list.isFetchingNextPage}
            busyLabel="Loading..."
            onClick={() => void list.fetchNextPage()}
          >
            {chatMessages.loadMore}
          </Button>
        ) : null}
        {list.isError ? <p className="px-3 py-2 text-sm text-negative">{list.error.message}</p> : null}
      </>
    );
  }
  return <div className="min-h-0 flex-1 overflow-y-auto">{body}</div>;
}
