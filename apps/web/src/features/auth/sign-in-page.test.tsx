import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetPublicConfig } from '../../api/index.ts';
import { getSessionToken, setSessionToken } from '../../session/index.ts';
import { authError, json, stubIdentityNetwork } from '../../testing/identity-network.ts';
import { renderApp } from '../../testing/render-app.tsx';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  resetPublicConfig();
  setSessionToken(null);
});

async function openSignIn(path = '/signin') {
  renderApp(path);
  await screen.findByRole('heading', { name: 'Sign In' });
  return userEvent.setup();
}

describe('sign-in', () => {
  it("asks for both fields: 'Enter Email & Password.'", async () => {
    const network = stubIdentityNetwork();
    const user = await openSignIn();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter Email & Password.');
    expect(network.callsTo('POST /api/auth/sign-in/email')).toHaveLength(0);
  });

  it("shows 'Processing...' while signing in, then lands on the start screen with the token in memory", async () => {
    let release: () => void = () => {};
    const network = stubIdentityNetwork({
      handlers: {
        'POST /api/auth/sign-in/email': async (_call, state) => {
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          state.session = { firstName: 'Ada' };
          return json({ redirect: false, token: 'tok' }, { headers: { 'set-auth-token': 'tok-1' } });
        },
      },
    });
    const user = await openSignIn();
    await user.type(screen.getByLabelText('Email'), '  ada@example.com ');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    release();
    expect(
      await screen.findByRole('heading', { name: 'Hello, Ada!' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    expect(network.callsTo('POST /api/auth/sign-in/email')[0]?.body).toMatchObject({
      email: 'ada@example.com',
      password: 'secret-pass',
    });
    expect(getSessionToken()).toBe('tok-1');
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('tok-1');
  });

  it('shows the authentication error message', async () => {
    stubIdentityNetwork({
      handlers: {
        'POST /api/auth/sign-in/email': () =>
          authError(401, 'Invalid email or password', 'INVALID_EMAIL_OR_PASSWORD'),
      },
    });
    const user = await openSignIn();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(window.location.pathname).toBe('/signin');
  });

  it("falls back to 'Sign in failed' when the error has no message", async () => {
    stubIdentityNetwork({
      handlers: { 'POST /api/auth/sign-in/email': () => new Response('', { status: 500, statusText: '' }) },
    });
    const user = await openSignIn();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign in failed');
  });

  it('explains an unconfirmed email and resends the confirmation link', async () => {
    const network = stubIdentityNetwork({
      handlers: {
        'POST /api/auth/sign-in/email': () => authError(403, 'Email not verified', 'EMAIL_NOT_VERIFIED'),
      },
    });
    const user = await openSignIn();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please confirm your email address first. We can send the confirmation link again.',
    );
    await user.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    expect(
      await screen.findByText('Confirmation email sent to ada@example.com. Check your inbox.'),
    ).toBeVisible();
    expect(network.callsTo('POST /api/auth/send-verification-email')[0]?.body).toEqual({
      email: 'ada@example.com',
      callbackURL: 'http://localhost:3000/signin?verified=1',
    });
  });

  it('confirms an activated account when arriving from the confirmation link', async () => {
    stubIdentityNetwork();
    await openSignIn('/signin?verified=1');
    expect(screen.getByRole('status')).toHaveTextContent('Your email is confirmed. Sign in to continue.');
  });

  it("shows 'Failed to retrieve initial session.' when the session check fails", async () => {
    stubIdentityNetwork({
      handlers: { 'GET /api/auth/get-session': () => json({ message: 'boom' }, { status: 500 }) },
    });
    await openSignIn();
    expect(screen.getByText('Failed to retrieve initial session.')).toBeInTheDocument();
  });

  it('links to the forgot-password page and to sign-up', async () => {
    stubIdentityNetwork();
    const user = await openSignIn();
    await user.click(screen.getByRole('link', { name: 'Create an account' }));
    expect(await screen.findByRole('heading', { name: 'Create an account' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/signup');
    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    await user.click(await screen.findByRole('link', { name: 'Forgot Password' }));
    await waitFor(() => expect(window.location.pathname).toBe('/forgot-password'));
  });
});
