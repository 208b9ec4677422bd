import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetPublicConfig } from '../api/config.ts';
import { createRequester } from '../api/request.ts';
import { stubNetwork } from '../testing/fake-network.ts';
import { json, stubIdentityNetwork } from '../testing/identity-network.ts';
import { renderApp } from '../testing/render-app.tsx';
import { createTestAuthClient } from '../testing/test-auth-client.ts';
import { Toaster } from '../ui/index.ts';
import { ThemeProvider } from '../ui/theme.tsx';
import {
  getSessionToken,
  onSignOutCleanup,
  PERSISTENT_STATE_KEY,
  QueryClientHolderContext,
  SessionProvider,
  setSessionToken,
  useSession,
} from './index.ts';

vi.setConfig({ testTimeout: 20_000 });

function SessionProbe() {
  const { status, user, refetch, signOut } = useSession();
  return (
    <div>
      <p>
        {status}:{user?.firstName ?? '-'}
      </p>
      <button type="button" onClick={() => void refetch()}>
        Check again
      </button>
      <button type="button" onClick={() => void signOut()}>
        Sign out
      </button>
    </div>
  );
}

function renderProbe(queryClient = new QueryClient()) {
  return render(
    // As the app holds it (app/providers.tsx): the query cache is made below the session, by the
    // first screen that needs one, and sign-out finds it through the holder.
    <QueryClientHolderContext value={{ current: queryClient }}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <SessionProvider client={createTestAuthClient()}>
            <SessionProbe />
            <Toaster />
          </SessionProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </QueryClientHolderContext>,
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

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

/**
 * Shows the tab until the session keeper refreshes. The keeper's code loads on demand after sign-in,
 * so a single event sent before it listens would be missed (under a loaded run it was, now and then).
 */
async function becomeVisibleUntilRefreshed(network: ReturnType<typeof stubIdentityNetwork>) {
  const before = network.callsTo('GET /api/auth/get-session').length;
  await waitFor(() => {
    act(() => setVisibility('visible'));
    expect(network.callsTo('GET /api/auth/get-session').length).toBeGreaterThan(before);
  });
}

afterEach(() => {
  setSessionToken(null);
  resetPublicConfig();
});

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

  it("sends a signed-out screen's first request with the anonymous token, not the gone session's", async () => {
    setSessionToken('stale-token');
    stubNetwork({ session: null });
    const sent: string[] = [];
    const requester = createRequester({
      baseUrls: { db: '/db', agent: '/agent', connect: '/connect' },
      getToken: getSessionToken,
      anonToken: 'anon-token',
      boxPublicKey: '',
      encrypt: false,
      fetch: async (_input, init) => {
        sent.push(new Headers(init?.headers).get('authorization') ?? '');
        return Response.json({});
      },
    });
    // A screen that asks the server for something as soon as it shows (as sign-up does).
    function SignedOutScreen() {
      const { status } = useSession();
      useEffect(() => {
        if (status === 'signed-out') void requester.request('db', '/get-profile');
      }, [status]);
      return null;
    }
    render(
      <SessionProvider client={createTestAuthClient()}>
        <SessionProbe />
        <SignedOutScreen />
      </SessionProvider>,
    );
    expect(await screen.findByText('signed-out:-')).toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent).toEqual(['Bearer anon-token']);
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

  it('signing out clears the query cache, the persisted state, the token and registered stores', async () => {
    const network = stubIdentityNetwork({ session: { firstName: 'Ada' } });
    const queryClient = new QueryClient();
    queryClient.setQueryData(['threads'], ['thread-1']);
    window.localStorage.setItem(PERSISTENT_STATE_KEY, '{"chats":[1]}');
    window.localStorage.setItem('penny.darkMode', 'false');
    setSessionToken('tok-9');
    let storeCleared = false;
    const unregister = onSignOutCleanup(() => {
      storeCleared = true;
    });
    renderProbe(queryClient);
    await screen.findByText('signed-in:Ada');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('signed-out:-')).toBeInTheDocument();
    expect(network.callsTo('POST /api/auth/sign-out')).toHaveLength(1);
    expect(queryClient.getQueryData(['threads'])).toBeUndefined();
    expect(window.localStorage.getItem(PERSISTENT_STATE_KEY)).toBeNull();
    // The theme is the device's, not the user's: it stays.
    expect(window.localStorage.getItem('penny.darkMode')).toBe('false');
    expect(getSessionToken()).toBeNull();
    expect(storeCleared).toBe(true);
    unregister();
  });

  it("shows 'Sign Out Error' and stays signed in when sign-out fails", async () => {
    stubIdentityNetwork({
      session: { firstName: 'Ada' },
      handlers: { 'POST /api/auth/sign-out': () => json({ message: 'nope' }, { status: 500 }) },
    });
    renderProbe();
    await screen.findByText('signed-in:Ada');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Sign Out Error')).toBeInTheDocument();
    expect(screen.getByText('Error signing out. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('signed-in:Ada')).toBeInTheDocument();
  });

  it("signs out with 'Session Expired' when a refresh finds the session gone", async () => {
    const network = stubIdentityNetwork({ session: { firstName: 'Ada' } });
    renderProbe();
    await screen.findByText('signed-in:Ada');
    network.state.session = null;
    await becomeVisibleUntilRefreshed(network);
    expect(await screen.findByText('Session Expired')).toBeInTheDocument();
    expect(screen.getByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
    expect(await screen.findByText('signed-out:-')).toBeInTheDocument();
  });

  it("signs out with 'Session Error' when a refresh fails", async () => {
    let fail = false;
    const network = stubIdentityNetwork({
      session: { firstName: 'Ada' },
      handlers: {
        'GET /api/auth/get-session': (_call, state) =>
          fail ? json({ message: 'Database unavailable' }, { status: 500 }) : json(sessionOf(state)),
      },
    });
    renderProbe();
    await screen.findByText('signed-in:Ada');
    fail = true;
    await becomeVisibleUntilRefreshed(network);
    expect(await screen.findByText('Session Error')).toBeInTheDocument();
    expect(screen.getByText('Could not refresh session.')).toBeInTheDocument();
  });

  it("ignores a refresh failing with 'Only an active session can be refreshed'", async () => {
    let fail = false;
    const network = stubIdentityNetwork({
      session: { firstName: 'Ada' },
      handlers: {
        'GET /api/auth/get-session': (_call, state) =>
          fail
            ? json({ message: 'Only an active session can be refreshed' }, { status: 400 })
            : json(sessionOf(state)),
      },
    });
    renderProbe();
    await screen.findByText('signed-in:Ada');
    fail = true;
    await becomeVisibleUntilRefreshed(network);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Session Error')).not.toBeInTheDocument();
    expect(screen.getByText('signed-in:Ada')).toBeInTheDocument();
  });
});

describe('SessionProvider without a client (the app: Better Auth loads after the first check)', () => {
  function renderDefault() {
    return render(
      <QueryClientProvider client={new QueryClient()}>
        <ThemeProvider>
          <SessionProvider>
            <SessionProbe />
            <Toaster />
          </SessionProvider>
        </ThemeProvider>
      </QueryClientProvider>,
    );
  }

  it('reports checking, then signed-out from one plain session request', async () => {
    setSessionToken('stale-token');
    const fetchMock = stubNetwork({ session: null });
    renderDefault();
    expect(screen.getByText('checking:-')).toBeInTheDocument();
    expect(await screen.findByText('signed-out:-')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('http://localhost:3000/api/auth/get-session');
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
    expect(getSessionToken()).toBeNull();
  });

  it('signs in from the plain check, keeps its token, then follows and signs out through the client', async () => {
    const fetchMock = stubNetwork({ session: { firstName: 'Ada' }, authToken: 'tok-7' });
    renderDefault();
    expect(await screen.findByText('signed-in:Ada')).toBeInTheDocument();
    expect(getSessionToken()).toBe('tok-7');
    expect(authorizationOf(fetchMock.mock.calls[0]?.[1])).toBeNull();

    // The client (loaded after the check) sends the kept token as the bearer.
    await act(async () => screen.getByRole('button', { name: 'Check again' }).click());
    // The client is a lazily imported chunk: on a loaded machine its first read can take a while.
    await waitFor(() => expect(authorizationOf(fetchMock.mock.calls.at(-1)?.[1])).toBe('Bearer tok-7'), {
      timeout: 5000,
    });
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe('http://localhost:3000/api/auth/get-session');

    const network = stubIdentityNetwork({ session: { firstName: 'Ada' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('signed-out:-', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(network.callsTo('POST /api/auth/sign-out')).toHaveLength(1);
    expect(getSessionToken()).toBeNull();
  });
});

describe('signed out by expiry inside the app', () => {
  it('lands on /signin', async () => {
    const network = stubIdentityNetwork({ session: { firstName: 'Ada' } });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Hello, Ada!' });
    network.state.session = null;
    await becomeVisibleUntilRefreshed(network);
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByText('Session Expired')).toBeInTheDocument();
  });
});

function sessionOf(state: { session: { firstName?: string | null } | null }) {
  if (!state.session) return null;
  const now = new Date().toISOString();
  return {
    session: { id: 's', userId: 'user-1', token: 't', expiresAt: now, createdAt: now, updatedAt: now },
    user: {
      id: 'user-1',
      email: 'ada@example.com',
      emailVerified: true,
      name: 'Ada Lovelace',
      username: 'ada',
      firstName: state.session.firstName ?? null,
      lastName: 'Lovelace',
      createdAt: now,
      updatedAt: now,
    },
  };
}
