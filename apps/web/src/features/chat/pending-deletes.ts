import { create } from 'zustand';

/**
 * Deletes that wait for their Undo window (decision 0018): a confirmed delete hides the thread at once and
 * runs when its toast closes (on its own, or by its close button), or when the page is hidden or left;
 * Undo within the window cancels it, so nothing is lost. A thread stays hidden until its delete has
 * answered. Confirmed deletes are also written to localStorage until they have answered, so one the
 * browser dropped while the page unloaded runs when the same user's list shows next (`resumeDeletes`).
 */

/** How long the 'Conversation removed.' toast offers Undo. */
export const UNDO_WINDOW_MS = 6000;

/** Confirmed deletes not yet answered: `[{ owner, threadId }]`. */
export const PENDING_DELETES_KEY = 'penny.pendingThreadDeletes';

type Commit = () => Promise<unknown>;
type StoredDelete = { owner: string; threadId: string };

const waiting = new Map<string, { owner: string; commit: Commit }>();
const running = new Set<string>();
const resumed = new Set<string>();

/** The threads waiting for their window or being deleted: the list leaves them out. */
export const usePendingDeletes = create<{ hidden: ReadonlySet<string> }>(() => ({ hidden: new Set() }));

function publish(): void {
  usePendingDeletes.setState({ hidden: new Set([...waiting.keys(), ...running]) });
}

function isStoredDelete(value: unknown): value is StoredDelete {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as StoredDelete).owner === 'string' &&
    typeof (value as StoredDelete).threadId === 'string'
  );
}

function readStored(): StoredDelete[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(PENDING_DELETES_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isStoredDelete) : [];
  } catch {
    return [];
  }
}

function writeStored(entries: StoredDelete[]): void {
  try {
    if (entries.length === 0) window.localStorage.removeItem(PENDING_DELETES_KEY);
    else window.localStorage.setItem(PENDING_DELETES_KEY, JSON.stringify(entries));
  } catch {
    // Storage blocked: the delete still runs with the toast or the page's end.
  }
}

function forgetStored(threadId: string): void {
  writeStored(readStored().filter((entry) => entry.threadId !== threadId));
}

/** Hides a thread and holds its delete until `commitDelete` (or the page is hidden or left). */
export function deferDelete(owner: string, threadId: string, commit: Commit): void {
  if (waiting.has(threadId) || running.has(threadId)) return;
  waiting.set(threadId, { owner, commit });
  writeStored([...readStored().filter((entry) => entry.threadId !== threadId), { owner, threadId }]);
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
      resumed.delete(threadId);
      forgetStored(threadId);
      publish();
    });
}

/** Undo: the thread shows again and nothing is sent. False when its delete already ran. */
export function undoDelete(threadId: string): boolean {
  if (!waiting.delete(threadId)) return false;
  forgetStored(threadId);
  publish();
  return true;
}

/** Every held delete, now (the page is going away: a confirmed delete must not go with it). */
export function commitAllDeletes(): void {
  for (const threadId of [...waiting.keys()]) commitDelete(threadId);
}

/**
 * Runs the deletes `owner` confirmed on an earlier page that never answered. Another user's entries are
 * left for them.
 */
export function resumeDeletes(owner: string, commit: (threadId: string) => Promise<unknown>): void {
  for (const entry of readStored()) {
    if (entry.owner !== owner || waiting.has(entry.threadId) || running.has(entry.threadId)) continue;
    resumed.add(entry.threadId);
    deferDelete(owner, entry.threadId, () => commit(entry.threadId));
    commitDelete(entry.threadId);
  }
}

/** A delete resumed from an earlier page: the server may have deleted it already, which is no failure. */
export function isResumedDelete(threadId: string): boolean {
  return resumed.has(threadId);
}

// The page going away, or the tab to the background (the last moment a request still reliably starts).
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', commitAllDeletes);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') commitAllDeletes();
  });
}
