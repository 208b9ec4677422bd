import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubNetwork } from '../testing/fake-network.ts';
import { stubIdentityNetwork } from '../testing/identity-network.ts';
import { renderApp } from '../testing/render-app.tsx';

describe('route guards', () => {
  it('redirects an unauthenticated visitor from /Accounts to /signin', async () => {
    stubNetwork({ session: null });
    renderApp('/Accounts');
    // The first test of the file also pays for the cold import of the lazy sign-in page.
    expect(await screen.findByRole('heading', { name: 'Sign In' }, { timeout: 5000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/signin');
    expect(screen.queryByRole('heading', { name: 'Accounts' })).not.toBeInTheDocument();
  });

  it.each(['/', '/chat/thread-1', '/Resources', '/Resources/res-1', '/Settings', '/no/such/page'])(
    'sends a visitor without a session from %s to /signin',
    async (path) => {
      stubNetwork({ session: null });
      renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
      expect(window.location.pathname).toBe('/signin');
    },
  );

  it("shows 'Verifying authentication...' while the session is being checked", async () => {
    stubNetwork({ session: 'pending' });
    renderApp('/Accounts');
    expect(await screen.findByRole('status')).toHaveTextContent('Verifying authentication...');
    // Still checking once the route's code has had time to load: nothing else renders, no redirect.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.getByText('Verifying authentication...')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(window.location.pathname).toBe('/Accounts');
  });

  it.each([
    ['/signup', 'Create an account'],
    ['/forgot-password', 'Forgot password'],
    ['/reset-password', 'Reset password'],
    ['/gallery', 'Visualization gallery'],
  ])('lets a visitor without a session open %s', async (path, heading) => {
    stubNetwork({ session: null });
    renderApp(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(window.location.pathname).toBe(path);
  });

  it.each(['/signin', '/signup'])('sends a signed-in user from %s to /', async (path) => {
    stubNetwork({ session: { firstName: 'Ada' } });
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Hello, Ada!' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });

  it.each([
    ['/chat/thread-1', 'Untitled Chat'],
    ['/Resources', 'Saved Resources'],
    ['/Resources/res-1', 'Saved Resources'],
    ['/Accounts', 'Accounts'],
  ])('shows a signed-in user %s in the app shell', async (path, heading) => {
    stubNetwork({ session: { firstName: 'Ada' } });
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(document.title).toBe(`${heading} · Penny`);
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBeInTheDocument();
  });

  it('sends a signed-in user on an unknown path to the start screen', async () => {
    stubNetwork({ session: { firstName: 'Ada' } });
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Hello, Ada!' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });
});

describe('password-recovery links', () => {
  it('forwards a recovery hash to /reset-password with the token as ?token= and strips the hash', async () => {
    stubNetwork({ session: null });
    renderApp('/#type=recovery&token=abc123');
    expect(window.location.pathname).toBe('/reset-password');
    expect(window.location.search).toBe('?token=abc123');
    expect(window.location.hash).toBe('');
    expect(await screen.findByRole('heading', { name: 'Reset password' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/reset-password');
  });

  it('forwards a recovery hash that arrives while the app is open', async () => {
    stubIdentityNetwork();
    renderApp('/signin');
    await screen.findByRole('heading', { name: 'Sign In' });
    act(() => {
      window.location.hash = '#access_token=tok-9&type=recovery';
    });
    expect(await screen.findByRole('heading', { name: 'Reset password' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/reset-password');
    expect(window.location.hash).toBe('');
    // The reset page read the token (its form is ready) and took it out of the address bar.
    expect(await screen.findByLabelText('New password')).toBeEnabled();
    expect(window.location.search).toBe('');
  });
});

describe('theme', () => {
  it('is dark by default', async () => {
    stubNetwork({ session: { firstName: 'Ada' } });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Hello, Ada!' });
    expect(document.documentElement).toHaveClass('dark');
  });

  it('honours a stored light preference', async () => {
    window.localStorage.setItem('penny.darkMode', 'false');
    stubNetwork({ session: { firstName: 'Ada' } });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Hello, Ada!' });
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it("is light already while 'Verifying authentication...' shows on an auth screen's address", async () => {
    stubNetwork({ session: 'pending' });
    renderApp('/signin');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Verifying authentication...'));
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('is light on the sign-in screen and keeps the stored preference', async () => {
    stubNetwork({ session: null });
    renderApp('/signin');
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(document.documentElement).not.toHaveClass('dark');
    expect(window.localStorage.getItem('penny.darkMode')).toBeNull();
  });
});

describe('layout', () => {
  it('has a sidebar with New Chat, an empty thread list and the Accounts, Resources and Settings links', async () => {
    stubNetwork({ session: { firstName: 'Ada' } });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Hello, Ada!' });
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    expect(within(sidebar).getByRole('button', { name: 'New Chat' })).toBeInTheDocument();
    expect(await within(sidebar).findByText('No conversations yet')).toBeInTheDocument();
    const nav = within(sidebar).getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Accounts', '/Accounts'],
      ['Resources', '/Resources'],
      ['Settings', '/Settings'],
    ]) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('collapses the sidebar to a rail and remembers it under penny.sidebarExpanded', async () => {
    stubNetwork({ session: { firstName: 'Ada' } });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Hello, Ada!' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(window.localStorage.getItem('penny.sidebarExpanded')).toBe('false');
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    expect(within(sidebar).queryByText('No conversations yet')).not.toBeInTheDocument();
    // Icon-only links keep their names.
    expect(within(sidebar).getByRole('link', { name: 'Accounts' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('starts collapsed when that was stored', async () => {
    window.localStorage.setItem('penny.sidebarExpanded', 'false');
    stubNetwork({ session: { firstName: 'Ada' } });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Hello, Ada!' });
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
  });

  it('opens the navigation drawer on small screens and closes it after navigating', async () => {
    stubNetwork({ session: { firstName: 'Ada' } });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Hello, Ada!' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog', { name: 'Navigation' });
    await user.click(within(drawer).getByRole('link', { name: 'Resources' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Saved Resources' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
