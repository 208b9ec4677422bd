import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose share of the embedded database a query is charged to (fair-queue.ts): the request itself
 * until its session names a user, then the user, for everything the request does and starts (a sync
 * it begins runs on its user's share). Work outside a request (the turn sweep, start-up) is
 * the background's. Used for the order queries run in, never to decide what a query may read.
 */
type Share = { owner: string };

const shares = new AsyncLocalStorage<Share>();

export const BACKGROUND_SHARE = 'background';

/** Runs `work` (and everything it starts) on `owner`'s share. */
export function withFairShare<T>(owner: string, work: () => T): T {
  return shares.run({ owner }, work);
}

/** Moves the current request, from here on, to `owner`'s share (outside a request: nothing). */
export function assignFairShare(owner: string): void {
  const share = shares.getStore();
  if (share) share.owner = owner;
}

/** The share the current code runs on. */
export function currentFairShare(): string {
  return shares.getStore()?.owner ?? BACKGROUND_SHARE;
}
