import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubNetwork } from '../test/fake-network.ts';
import { createTestAuthClient } from '../test/test-auth-client.ts';
import { getSessionToken, SessionProvider, setSessionToken, useSession } from './index.ts';

function SessionProbe() {
  const { status, user, refetch } = useSession();
  return (
    <div>
      <p>
        {status}:{user?.firstName ?? '-'}
      </p>
      <button type="button" onClick={() => void refetch()}>
        Check again
      </button>
    </div>
  );
}

function renderProbe() {
  return render(
    <SessionProvider client={createTestAuthClient()}>
      <SessionProbe />
    </SessionProvider>,
  );
}

function storedValues(storage: Storage): string[] {
  return Array.from({ length: storage.length }, (_, i) => {
    const key = storage.key(i) ?? '';
    return `${key}=${storage.getItem(key) ?? ''}`;
  });
}

function authorizationOf(init: RequestInit | undefined): string | null {
  return new Headers(init?.headers).get('authorization');
}

afterEach(() => setSessionToken(null));

describe('SessionProvider', () => {
  it('reports checking, then signed-in with the user', async () => {
    stubNetwork({ session: { firstName: 'Ada' } });
    renderProbe();
    expect(screen.getByText('checking:-')).toBeInTheDocument();
    expect(await screen.findByText('signed-in:Ada')).toBeInTheDocument();
  });

  it('reports signed-out without a session and forgets any bearer token', async () => {
    setSessionToken('stale-token');
    stubNetwork({ session: null });
    renderProbe();
    expect(await screen.findByText('signed-out:-')).toBeInTheDocument();
    expect(getSessionToken()).toBeNull();
  });

  it('keeps the set-auth-token header in memory only and sends it back as the bearer', async () => {
    const fetchMock = stubNetwork({ session: { firstName: 'Ada' }, authToken: 'tok-123' });
    renderProbe();
    await screen.findByText('signed-in:Ada');

    expect(getSessionToken()).toBe('tok-123');
    for (const entry of [...storedValues(window.localStorage), ...storedValues(window.sessionStorage)]) {
      expect(entry).not.toContain('tok-123');
    }
    expect(document.cookie).not.toContain('tok-123');

    // The first check had no token yet; the next one carries it (the cookie travels too).
    expect(authorizationOf(fetchMock.mock.calls[0]?.[1])).toBeNull();
    await act(async () => screen.getByRole('button', { name: 'Check again' }).click());
    const last = fetchMock.mock.calls.at(-1);
    expect(String(last?.[0])).toBe('http://localhost:3000/api/auth/get-session');
    expect(authorizationOf(last?.[1])).toBe('Bearer tok-123');
  });
});
