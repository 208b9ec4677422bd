import { chatMessages, type ThreadSummary } from '@penny/contracts';
import { MessageSquare, MoreHorizontal, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { NavLink, useNavigate } from 'react-router';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogFooter,
  Button,
  cx,
  Skeleton,
  toast,
} from '../../ui/index.ts';
import {
  commitDelete,
  deferDelete,
  resumeDeletes,
  UNDO_WINDOW_MS,
  undoDelete,
  usePendingDeletes,
} from './pending-deletes.ts';
import { threadDateLabels } from './thread-dates.ts';
import { useChatIdentity, useDeleteThread, useThreadList } from './threads.ts';

const linkClassName =
  'flex h-9 min-w-0 flex-1 items-center gap-2 rounded-lg pr-9 pl-3 text-sm text-text-muted transition-colors ' +
  'hover:bg-surface-raised hover:text-text aria-[current=page]:bg-surface-raised aria-[current=page]:text-text';

function ThreadRow({
  thread,
  dateLabel,
  onDelete,
}: {
  thread: ThreadSummary;
  dateLabel: string;
  onDelete: () => void;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const named = dateLabel ? `${thread.title}, ${dateLabel}` : thread.title;
  return (
    <li className="group relative flex items-center">
      <NavLink to={`/chat/${encodeURIComponent(thread.id)}`} className={linkClassName} title={named}>
        <MessageSquare aria-hidden="true" className="size-4 shrink-0" strokeWidth={1.75} />
        <span className="min-w-0 flex-1 truncate">{thread.title}</span>
        {/* A space in the text (not drawn between flex items), so the link's name reads 'Rent Nov 26'. */}{' '}
        {dateLabel ? <span className="amount shrink-0 text-xs text-text-muted">{dateLabel}</span> : null}
      </NavLink>
      <DropdownMenu.Root open={menuOpen} onOpenChange={setMenuOpen}>
        <DropdownMenu.Trigger asChild>
          <button
            type="button"
            aria-label={`Options for ${named}`}
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
              onSelect={() => setConfirming(true)}
              className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-negative outline-none data-[highlighted]:bg-surface"
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {chatMessages.deleteThread}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent
          title="Delete this chat?"
          description={
            <p>
              “{thread.title}”{dateLabel ? ` (${dateLabel})` : ''} and its answers will be deleted. You can
              undo this for a few seconds.
            </p>
          }
        >
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction destructive onClick={onDelete}>
              {chatMessages.deleteThread}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </li>
  );
}

/**
 * The sidebar's thread history (docs/product/chat.md, "Sidebar"): newest first, each with its date, 'No
 * conversations yet' when empty, Load More for the next page, and a hover (or focus) menu per thread with
 * Delete, which asks first and offers Undo while the 'Conversation removed.' toast shows (decision 0018).
 * A failed read says 'Failed to fetch threads: {status}' and leaves the list empty.
 */
export function ThreadList() {
  const identity = useChatIdentity();
  const user = identity?.user ?? null;
  const list = useThreadList(user);
  const remove = useDeleteThread(user);
  const hidden = usePendingDeletes((state) => state.hidden);
  const threads = useMemo(
    () => list.threads.filter((thread) => !hidden.has(thread.id)),
    [list.threads, hidden],
  );
  const dateLabels = useMemo(() => threadDateLabels(threads), [threads]);
  const navigate = useNavigate();

  // Deletes this user confirmed on an earlier page that never reached the server run now.
  const userId = identity?.userId ?? null;
  const { mutateAsync: removeThread } = remove;
  useEffect(() => {
    if (userId) resumeDeletes(userId, removeThread);
  }, [userId, removeThread]);

  function onDelete(thread: ThreadSummary) {
    // A conversation deleted while open leaves its page.
    if (window.location.pathname === `/chat/${encodeURIComponent(thread.id)}`) {
      void navigate('/', { replace: true });
    }
    if (!identity) return;
    deferDelete(identity.userId, thread.id, () => remove.mutateAsync(thread.id));
    toast.success(chatMessages.threadDeletedTitle, {
      id: `thread-deleted:${thread.id}`,
      description: chatMessages.threadDeleted,
      duration: UNDO_WINDOW_MS,
      action: { label: 'Undo', onClick: () => undoDelete(thread.id) },
      onAutoClose: () => commitDelete(thread.id),
      onDismiss: () => commitDelete(thread.id),
    });
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
  } else if (threads.length === 0) {
    body = <p className="px-3 py-2 text-sm text-text-muted">{chatMessages.noConversations}</p>;
  } else {
    body = (
      <>
        <ul className="flex flex-col gap-0.5">
          {threads.map((thread) => (
            <ThreadRow
              key={thread.id}
              thread={thread}
              dateLabel={dateLabels.get(thread.id) ?? ''}
              onDelete={() => onDelete(thread)}
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
