import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetPublicConfig } from '../../api/index.ts';
import { json, profileReply, stubIdentityNetwork } from '../../testing/identity-network.ts';
import { renderApp } from '../../testing/render-app.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  resetPublicConfig();
  window.sessionStorage.clear();
});

describe('profile load and the automatic wizard', () => {
  it("opens the wizard by itself, with 'Skip for now', when the stored preferences are empty", async () => {
    const network = stubIdentityNetwork({
      session: { firstName: 'Ada' },
      handlers: { 'GET /db/get-profile': () => profileReply({}) },
    });
    renderApp('/');
    expect(await screen.findByRole('dialog', { name: 'Personalize Penny' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Skip for now' })).toBeInTheDocument();
    const [call] = network.callsTo('GET /db/get-profile');
    expect(Object.fromEntries(call?.query ?? [])).toEqual({
      username: 'ada',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(call?.authorization).toBe('Bearer anon-token');
  });

  it("after 'Skip for now' it stays closed on reloads in the same tab session", async () => {
    stubIdentityNetwork({
      session: { firstName: 'Ada' },
      handlers: { 'GET /db/get-profile': () => profileReply({}) },
    });
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Skip for now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // A reload: the app mounts afresh and loads the (still empty) profile again.
    cleanup();
    renderApp('/');
    await screen.findByRole('heading', { name: 'Hello, Ada!' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays closed when preferences exist (a lowercase prompt field counts)', async () => {
    stubIdentityNetwork({
      session: { firstName: 'Ada' },
      handlers: { 'GET /db/get-profile': () => profileReply({ prompt: 'Be brief.' }) },
    });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Hello, Ada!' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("retries once with the fresh variant, then shows 'Profile Error'", async () => {
    const network = stubIdentityNetwork({
      session: { firstName: 'Ada' },
      handlers: { 'GET /db/get-profile': () => json({ success: false, error: 'down' }, { status: 500 }) },
    });
    renderApp('/');
    expect(await screen.findByText('Profile Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to load profile data. Please refresh the page.')).toBeInTheDocument();
    const calls = network.callsTo('GET /db/get-profile');
    expect(calls).toHaveLength(2);
    expect(calls[0]?.query.get('fresh')).toBeNull();
    expect(calls[1]?.query.get('fresh')).toBe('true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('recovers on the retry without a toast', async () => {
    let attempt = 0;
    stubIdentityNetwork({
      session: { firstName: 'Ada' },
      handlers: {
        'GET /db/get-profile': () => {
          attempt += 1;
          return attempt === 1 ? json({ success: false, profile: {} }) : profileReply({});
        },
      },
    });
    renderApp('/');
    expect(await screen.findByRole('dialog', { name: 'Personalize Penny' })).toBeInTheDocument();
    await waitFor(() => expect(attempt).toBe(2));
    expect(screen.queryByText('Profile Error')).not.toBeInTheDocument();
  });
});
