import { create } from 'zustand';

/**
 * Deletes that wait for their Undo window (decision 0018): a confirmed delete hides the thread at once and
 * runs when its toast closes (on its own, or by its close button), or when the page is left; Undo within
 * the window cancels it, so nothing is lost. A thread stays hidden until its delete has answered.
 */

/** How long the 'Conversation removed.' toast offers Undo. */
export const UNDO_WINDOW_MS = 6000;

type PendingDelete = { commit: () => Promise<unknown> };

const waiting = new Map<string, PendingDelete>();
const running = new Set<string>();

/** The threads waiting for their window or being deleted: the list leaves them out. */
export const usePendingDeletes = create<{ hidden: ReadonlySet<string> }>(() => ({ hidden: new Set() }));

function publish(): void {
  usePendingDeletes.setState({ hidden: new Set([...waiting.keys(), ...running]) });
}

/** Hides a thread and holds its delete until `commitDelete` (or the page is left). */
export function deferDelete(threadId: string, commit: () => Promise<unknown>): void {
  if (waiting.has(threadId) || running.has(threadId)) return;
  waiting.set(threadId, { commit });
  publish();
}

/** Runs a held delete now; a thread already undone or deleted is left alone. */
export function commitDelete(threadId: string): void {
  const pending = waiting.get(threadId);
  if (!pending) return;
  waiting.delete(threadId);
  running.add(threadId);
  publish();
  void pending
    .commit()
    .catch(() => undefined)
    .finally(() => {
      running.delete(threadId);
      publish();
    });
}

/** Undo: the thread shows again and nothing is sent. False when its delete already ran. */
export function undoDelete(threadId: string): boolean {
  if (!waiting.delete(threadId)) return false;
  publish();
  return true;
}

/** Every held delete, now (the page is being left: a confirmed delete must not be lost with it). */
export function commitAllDeletes(): void {
  for (const threadId of [...waiting.keys()]) commitDelete(threadId);
}

// Leaving the page, or the tab going to the background (the last moment a request still reliably starts).
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', commitAllDeletes);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') commitAllDeletes();
  });
}
