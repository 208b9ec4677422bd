/**
 * Keeps a signed-in session alive only while the user is active (docs/product/identity.md, "Session"):
 * - a refresh ping every 5 minutes, sent only if the user did something since the last one (a timer
 *   that refreshes regardless would keep an idle session alive forever);
 * - a refresh when the tab becomes visible again;
 * - signed out after 30 minutes without activity (reset by every successful refresh).
 */

export const SESSION_INACTIVITY_MS = 1_800_000;
export const SESSION_REFRESH_MS = 300_000;

/** What a refresh found: still signed in, no session any more, or a failure with its message. */
export type RefreshOutcome = { kind: 'ok' } | { kind: 'expired' } | { kind: 'error'; message: string };

export type SessionKeeperOptions = {
  refresh: () => Promise<RefreshOutcome>;
  /** The session ran out (inactivity, or the server no longer knows it). Called once. */
  onExpired: () => void;
  /** A refresh failed for another reason. Called once. */
  onRefreshError: (message: string) => void;
  inactivityMs?: number;
  refreshMs?: number;
  now?: () => number;
  /** Where activity and visibility events come from. */
  win?: Window;
};

/** Refresh failures with this message are ignored (docs/product/identity.md, "Error catalogue"). */
export const IGNORED_REFRESH_ERROR = 'Only an active session can be refreshed';

/** Input that counts as user activity. */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'mousemove', 'scroll'] as const;

/** Starts keeping the session; returns the function that stops it. */
export function startSessionKeeper({
  refresh,
  onExpired,
  onRefreshError,
  inactivityMs = SESSION_INACTIVITY_MS,
  refreshMs = SESSION_REFRESH_MS,
  now = Date.now,
  win = window,
}: SessionKeeperOptions): () => void {
  let lastActivity = now();
  let lastRefresh = now();
  let stopped = false;
  let refreshing = false;
  let inactivityTimer: ReturnType<typeof setTimeout> | undefined;

  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearInterval(refreshTimer);
    clearTimeout(inactivityTimer);
    for (const type of ACTIVITY_EVENTS) win.removeEventListener(type, onActivity, { capture: true });
    win.document.removeEventListener('visibilitychange', onVisibility);
  };

  const expire = () => {
    if (stopped) return;
    stop();
    onExpired();
  };

  const idleTooLong = () => now() - lastActivity >= inactivityMs;

  // One timer for the deadline, re-armed when it fires early (activity moved the deadline on).
  const armInactivityTimer = () => {
    clearTimeout(inactivityTimer);
    const remaining = Math.max(lastActivity + inactivityMs - now(), 0);
    inactivityTimer = setTimeout(() => {
      if (stopped) return;
      if (idleTooLong()) expire();
      else armInactivityTimer();
    }, remaining);
  };

  const runRefresh = async () => {
    if (stopped || refreshing) return;
    refreshing = true;
    const startedAt = now();
    let outcome: RefreshOutcome;
    try {
      outcome = await refresh();
    } catch (error) {
      outcome = { kind: 'error', message: error instanceof Error ? error.message : String(error) };
    } finally {
      refreshing = false;
    }
    if (stopped) return;
    switch (outcome.kind) {
      case 'ok':
        lastRefresh = startedAt;
        lastActivity = Math.max(lastActivity, startedAt);
        armInactivityTimer();
        return;
      case 'expired':
        expire();
        return;
      case 'error':
        if (outcome.message.includes(IGNORED_REFRESH_ERROR)) return;
        stop();
        onRefreshError(outcome.message);
        return;
    }
  };

  function onActivity() {
    lastActivity = now();
  }

  function onVisibility() {
    if (win.document.visibilityState !== 'visible') return;
    // Back after a long absence: the session ran out while the tab was hidden.
    if (idleTooLong()) {
      expire();
      return;
    }
    lastActivity = now();
    void runRefresh();
  }

  const refreshTimer = setInterval(() => {
    if (idleTooLong()) {
      expire();
      return;
    }
    if (lastActivity > lastRefresh) void runRefresh();
  }, refreshMs);

  for (const type of ACTIVITY_EVENTS)
    win.addEventListener(type, onActivity, { capture: true, passive: true });
  win.document.addEventListener('visibilitychange', onVisibility);
  armInactivityTimer();
  return stop;
}
