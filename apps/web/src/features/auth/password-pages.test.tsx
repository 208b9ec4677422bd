import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetPublicConfig } from '../../api/index.ts';
import { authError, stubIdentityNetwork } from '../../testing/identity-network.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { readResetLink, validateNewPassword } from './reset-password-page.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  resetPublicConfig();
  vi.useRealTimers();
});

describe('forgot password', () => {
  it.each([
    ['', 'Please enter your email address.'],
    ['ada@', 'Please enter a valid email address.'],
  ])('refuses %j with %j', async (email, message) => {
    const network = stubIdentityNetwork();
    renderApp('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot password' });
    const user = userEvent.setup();
    if (email) await user.type(screen.getByLabelText('Email'), email);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(message);
    expect(network.callsTo('POST /api/auth/request-password-reset')).toHaveLength(0);
  });

  it('sends the reset link to this origin and shows the check-your-email confirmation', async () => {
    const network = stubIdentityNetwork();
    renderApp('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('This window will close in 10 seconds.');
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/signin');
    expect(network.callsTo('POST /api/auth/request-password-reset')[0]?.body).toEqual({
      email: 'ada@example.com',
      redirectTo: 'http://localhost:3000/reset-password',
    });
  });

  it('tries to close the window after 10 seconds and says so when the browser refuses', async () => {
    stubIdentityNetwork();
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    renderApp('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await screen.findByRole('heading', { name: 'Check your email' });
    await act(async () => {
      vi.advanceTimersByTime(9_900);
    });
    expect(close).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(300);
    });
    expect(close).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('You can close this window now.');
  });

  it("says 'Failed to send reset email. Please try again.' when the request fails", async () => {
    stubIdentityNetwork({
      handlers: { 'POST /api/auth/request-password-reset': () => authError(500, 'boom') },
    });
    renderApp('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Failed to send reset email. Please try again.')).toBeInTheDocument();
  });
});

describe('reset password', () => {
  it('reads the link: ready with a token, invalid or expired otherwise', () => {
    expect(readResetLink('?token=abc')).toEqual({ kind: 'ready', token: 'abc' });
    expect(readResetLink('')).toEqual({
      kind: 'invalid',
      message: 'This link is invalid or expired. Please request a new password reset email.',
    });
    expect(readResetLink('?error=INVALID_TOKEN')).toMatchObject({ kind: 'invalid' });
    expect(readResetLink('?error=something_else')).toEqual({
      kind: 'invalid',
      message: 'Unable to verify reset link.',
    });
  });

  it.each([
    ['', '', 'Please enter and confirm your new password.'],
    ['secret1', 'secret2', 'Passwords do not match.'],
    ['short', 'short', 'Password must be at least 6 characters.'],
    ['secret1', 'secret1', null],
  ])('validates %j / %j', (password, confirm, message) => {
    expect(validateNewPassword(password, confirm)).toBe(message);
  });

  it('without a token says the link is invalid, shows no form, and offers a new link', async () => {
    stubIdentityNetwork();
    renderApp('/reset-password');
    expect(
      await screen.findByText('This link is invalid or expired. Please request a new password reset email.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update password' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('verifies a token with the server before showing the form: a made-up one gets the message', async () => {
    const network = stubIdentityNetwork({ liveResetToken: () => false });
    renderApp('/reset-password?token=made-up');
    expect(
      await screen.findByText('This link is invalid or expired. Please request a new password reset email.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    const check = network.calls.find((call) => call.path === '/api/auth/reset-password/made-up');
    expect(check?.query.get('callbackURL')).toBe('http://localhost:3000/reset-password');
    expect(network.callsTo('POST /api/auth/reset-password')).toHaveLength(0);
  });

  it('takes the token out of the address bar, resets, signs out and goes to /signin after 1200 ms', async () => {
    const network = stubIdentityNetwork();
    renderApp('/reset-password?token=tok-123');
    const password = await screen.findByLabelText('New password');
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(window.location.pathname).toBe('/reset-password');
    const user = userEvent.setup();
    await user.type(password, 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 6 characters.');

    await user.clear(password);
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(password, 'new-secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(
      await screen.findByText('Your password has been reset. Taking you to sign in...'),
    ).toBeInTheDocument();
    expect(network.callsTo('POST /api/auth/reset-password')[0]?.body).toEqual({
      newPassword: 'new-secret',
      token: 'tok-123',
    });
    expect(network.callsTo('POST /api/auth/sign-out')).toHaveLength(1);
    await act(async () => {
      vi.advanceTimersByTime(1_100);
    });
    expect(window.location.pathname).toBe('/reset-password');
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/signin');
  });

  it("says 'Failed to reset password.' when the reset fails, and 'invalid' for a used token", async () => {
    let code = 'SOMETHING';
    stubIdentityNetwork({
      handlers: { 'POST /api/auth/reset-password': () => authError(400, 'Bad', code) },
    });
    renderApp('/reset-password?token=tok-123');
    const password = await screen.findByLabelText('New password');
    const user = userEvent.setup();
    await user.type(password, 'new-secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Failed to reset password.')).toBeInTheDocument();
    code = 'INVALID_TOKEN';
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(
      await screen.findByText('This link is invalid or expired. Please request a new password reset email.'),
    ).toBeInTheDocument();
  });
});
