import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type RefreshOutcome,
  SESSION_INACTIVITY_MS,
  SESSION_REFRESH_MS,
  startSessionKeeper,
} from './session-keeper.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

function keeper(outcome: () => RefreshOutcome = () => ({ kind: 'ok' })) {
  const refresh = vi.fn(async () => outcome());
  const onExpired = vi.fn();
  const onRefreshError = vi.fn();
  const stop = startSessionKeeper({ refresh, onExpired, onRefreshError, now: () => Date.now() });
  return { refresh, onExpired, onRefreshError, stop };
}

function act() {
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
}

describe('session keeper', () => {
  it('uses the required constants (docs/product/identity.md, "Session"): 30 minutes of inactivity, a ping every 5 minutes', () => {
    expect(SESSION_INACTIVITY_MS).toBe(1_800_000);
    expect(SESSION_REFRESH_MS).toBe(300_000);
  });

  it('pings every 5 minutes only when the user did something since the last ping', async () => {
    const k = keeper();
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_MS);
    expect(k.refresh).not.toHaveBeenCalled();
    act();
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_MS);
    expect(k.refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SESSION_REFRESH_MS);
    expect(k.refresh).toHaveBeenCalledTimes(1);
    k.stop();
  });

  it('signs out after 30 minutes without activity; activity and successful refreshes push the deadline on', async () => {
    const k = keeper();
    await vi.advanceTimersByTimeAsync(20 * 60_000);
    act();
    // The ping at 25 minutes succeeds and resets the clock: the deadline is now 55 minutes.
    await vi.advanceTimersByTimeAsync(34 * 60_000);
    expect(k.refresh).toHaveBeenCalledTimes(1);
    expect(k.onExpired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(k.onExpired).toHaveBeenCalledTimes(1);
    // Stopped: nothing more happens.
    act();
    await vi.advanceTimersByTimeAsync(SESSION_INACTIVITY_MS);
    expect(k.onExpired).toHaveBeenCalledTimes(1);
    expect(k.refresh).toHaveBeenCalledTimes(1);
  });

  it('refreshes when the tab becomes visible, or expires if the absence was too long', async () => {
    const k = keeper();
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(60_000);
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(k.refresh).toHaveBeenCalledTimes(1);
    k.stop();

    const late = keeper();
    // A hidden tab's timers may be held back; the visibility check catches up on its own.
    vi.setSystemTime(Date.now() + SESSION_INACTIVITY_MS + 1);
    setVisibility('visible');
    expect(late.onExpired).toHaveBeenCalledTimes(1);
    expect(late.refresh).not.toHaveBeenCalled();
  });

  it('reports a refresh that finds no session as expired and other failures as errors', async () => {
    const expired = keeper(() => ({ kind: 'expired' }));
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(expired.onExpired).toHaveBeenCalledTimes(1);

    const failing = keeper(() => ({ kind: 'error', message: 'HTTP 500' }));
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(failing.onRefreshError).toHaveBeenCalledWith('HTTP 500');
    expect(failing.onExpired).not.toHaveBeenCalled();
  });

  it("ignores 'Only an active session can be refreshed'", async () => {
    const k = keeper(() => ({ kind: 'error', message: 'Only an active session can be refreshed' }));
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(k.onRefreshError).not.toHaveBeenCalled();
    expect(k.onExpired).not.toHaveBeenCalled();
    k.stop();
  });
});
