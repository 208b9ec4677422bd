import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetPublicConfig } from '../../api/index.ts';
import { PERSISTENT_STATE_KEY } from '../../session/index.ts';
import { authError, json, profileReply, stubIdentityNetwork } from '../../testing/identity-network.ts';
import { renderApp } from '../../testing/render-app.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => resetPublicConfig());

const storedPreferences = { 'Response Detail': { 'Detail Numbers': '5/10' } };

async function openSettings(options: Parameters<typeof stubIdentityNetwork>[0] = {}) {
  const network = stubIdentityNetwork({
    session: { firstName: 'Ada' },
    ...options,
    handlers: { 'GET /db/get-profile': () => profileReply(storedPreferences), ...options.handlers },
  });
  renderApp('/Settings');
  const dialog = await screen.findByRole('dialog', { name: 'Settings' });
  return { network, dialog, user: userEvent.setup() };
}

async function openAccountTab(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('tab', { name: 'Account Settings' }));
}

describe('settings popup', () => {
  it('opens over the app at /Settings with the Profile tab showing the profile', async () => {
    const { dialog } = await openSettings();
    expect(within(dialog).getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(document.title).toBe('Settings · Penny');
    expect(within(dialog).getByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByText('United Kingdom')).toBeInTheDocument());
    expect(within(dialog).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(dialog).getByText('+1 555 123 4567')).toBeInTheDocument();
    expect(within(dialog).getByText('May 1, 1990')).toBeInTheDocument();
  });

  it("shows 'Not provided' for missing fields and 'Not available' for a missing name", async () => {
    const { dialog } = await openSettings({
      session: { firstName: null, lastName: null },
      handlers: {
        'GET /db/get-profile': () =>
          profileReply(storedPreferences, {
            firstName: null,
            lastName: null,
            phoneNumber: null,
            country: null,
            dateOfBirth: null,
          }),
      },
    });
    await waitFor(() => expect(within(dialog).getByText('Not available')).toBeInTheDocument());
    expect(within(dialog).getAllByText('Not provided')).toHaveLength(3);
  });

  it('closing returns to the start screen', async () => {
    const { user } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('heading', { name: /^Hello, / })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });

  it('Change Password sends a reset email, disabling the buttons meanwhile', async () => {
    let release: () => void = () => {};
    const { network, user } = await openSettings({
      handlers: {
        'POST /api/auth/request-password-reset': async () => {
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          return json({ status: true });
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Manage Preferences' })).toBeDisabled();
    release();
    expect(await screen.findByText('Password Reset Email Sent')).toBeInTheDocument();
    expect(network.callsTo('POST /api/auth/request-password-reset')[0]?.body).toEqual({
      email: 'ada@example.com',
      redirectTo: 'http://localhost:3000/reset-password',
    });
  });

  it("shows 'Reset Failed' with the error message", async () => {
    const { user } = await openSettings({
      handlers: { 'POST /api/auth/request-password-reset': () => authError(429, 'Too many requests') },
    });
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Reset Failed')).toBeInTheDocument();
    expect(screen.getByText('Too many requests')).toBeInTheDocument();
  });

  it("shows 'No Email' when there is no address to send to", async () => {
    const { user } = await openSettings({
      session: { firstName: 'Ada', email: '' },
      handlers: { 'GET /db/get-profile': () => profileReply(storedPreferences, { email: null }) },
    });
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('No Email')).toBeInTheDocument();
    expect(screen.getByText('No email found for password reset.')).toBeInTheDocument();
  });

  it('Manage Preferences opens the wizard without the skip button', async () => {
    const { user } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Manage Preferences' }));
    expect(await screen.findByRole('dialog', { name: 'Personalize Penny' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip for now' })).not.toBeInTheDocument();
  });

  it('the first-run wizard over the popup hands the focus back to the popup, which stays open', async () => {
    // The wizard opens once the profile arrives; here, after the focus has left every control (as when
    // it opens before the popup has taken the focus): it then has no opener to return to.
    let answerProfile: () => void = () => undefined;
    const profileArrived = new Promise<void>((resolve) => (answerProfile = resolve));
    const { dialog, user } = await openSettings({
      handlers: { 'GET /db/get-profile': () => profileArrived.then(() => profileReply({})) },
    });
    (document.activeElement as HTMLElement | null)?.blur();
    answerProfile();
    const wizard = await screen.findByRole('dialog', { name: 'Personalize Penny' });
    await user.click(within(wizard).getByRole('button', { name: 'Skip for now' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Personalize Penny' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBe(dialog);
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(window.location.pathname).toBe('/Settings');
  });

  it('switches between Light and Dark and stores the choice', async () => {
    const { user } = await openSettings();
    await openAccountTab(user);
    const appearance = screen.getByRole('radiogroup', { name: 'Appearance' });
    expect(within(appearance).getByRole('radio', { name: 'Dark' })).toBeChecked();
    await user.click(within(appearance).getByRole('radio', { name: 'Light' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(window.localStorage.getItem('penny.darkMode')).toBe('false');
  });

  it('offers System beside Light and Dark: the device prefers light, so the app turns light', async () => {
    // A device that prefers light (and, for the frame, a narrow window).
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: false,
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    const { user } = await openSettings();
    await openAccountTab(user);
    const appearance = screen.getByRole('radiogroup', { name: 'Appearance' });
    expect(
      within(appearance)
        .getAllByRole('radio')
        .map((radio) => radio.textContent),
    ).toEqual(['Light', 'Dark', 'System']);
    expect(document.documentElement).toHaveClass('dark');
    await user.click(within(appearance).getByRole('radio', { name: 'System' }));
    expect(within(appearance).getByRole('radio', { name: 'System' })).toBeChecked();
    expect(document.documentElement).not.toHaveClass('dark');
    expect(screen.getByText('Follows your device: light or dark as it changes.')).toBeVisible();
    expect(window.localStorage.getItem('penny.themeFollowsSystem')).toBe('true');
  });

  it('signs out to /signin', async () => {
    const { user } = await openSettings();
    await openAccountTab(user);
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('Delete Data lists what goes, keeps the profile, and toasts the outcome', async () => {
    window.localStorage.setItem(PERSISTENT_STATE_KEY, '{"threads":[1]}');
    const { network, user } = await openSettings();
    await openAccountTab(user);
    await user.click(screen.getByRole('button', { name: 'Delete Data' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete all your data?' });
    for (const item of [
      'your conversations and messages',
      'your saved resources',
      'your linked accounts (Plaid, SnapTrade, Web3) and their credentials',
      'Your profile and preferences remain.',
    ]) {
      expect(within(confirm).getByText(item)).toBeInTheDocument();
    }
    await user.click(within(confirm).getByRole('button', { name: 'Delete Data' }));
    expect(await screen.findByText('Data Deleted')).toBeInTheDocument();
    expect(screen.getByText('All your data and linked accounts have been deleted.')).toBeInTheDocument();
    const [call] = network.callsTo('POST /db/delete-user-data');
    expect(call?.sealed).toBe(true);
    expect(call?.body).toEqual({ username: 'ada', firstName: 'Ada', lastName: 'Lovelace' });
    expect(window.localStorage.getItem(PERSISTENT_STATE_KEY)).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
  });

  it("shows 'Delete Error' when deleting data fails", async () => {
    const { user } = await openSettings({
      handlers: { 'POST /db/delete-user-data': () => json({ success: false, error: 'x' }, { status: 500 }) },
    });
    await openAccountTab(user);
    await user.click(screen.getByRole('button', { name: 'Delete Data' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Data' }),
    );
    expect(await screen.findByText('Delete Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to delete data. Please try again.')).toBeInTheDocument();
  });

  it('Delete Account asks twice, then deletes and signs out', async () => {
    const { network, user } = await openSettings();
    await openAccountTab(user);
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const first = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    await user.click(within(first).getByRole('button', { name: 'Continue' }));
    const final = await screen.findByRole('alertdialog', { name: 'This cannot be undone' });
    expect(final).toHaveTextContent('asks the services you linked to forget you');
    expect(network.callsTo('POST /db/delete-user-account')).toHaveLength(0);
    await user.click(within(final).getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByText('Account Deleted')).toBeInTheDocument();
    expect(screen.getByText('Your account has been permanently deleted.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(network.callsTo('POST /db/delete-user-account')[0]?.body).toEqual({
      username: 'ada',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });

  it("shows 'Delete Error' when deleting the account fails, and cancelling deletes nothing", async () => {
    const { network, user } = await openSettings({
      handlers: { 'POST /db/delete-user-account': () => json({ success: false, error: 'x' }) },
    });
    await openAccountTab(user);
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(network.callsTo('POST /db/delete-user-account')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Continue' }),
    );
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'This cannot be undone' })).getByRole('button', {
        name: 'Delete Account',
      }),
    );
    expect(await screen.findByText('Delete Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to delete account. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
  });
});
