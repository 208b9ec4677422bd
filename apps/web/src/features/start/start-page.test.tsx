import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubNetwork } from '../../testing/fake-network.ts';
import { renderApp } from '../../testing/render-app.tsx';

describe('start screen', { timeout: 30_000 }, () => {
  it("greets a signed-in user by first name: 'Hello, Ada!'", async () => {
    stubNetwork({ session: { firstName: 'Ada' } });
    renderApp('/');
    // The screen's chunk loads on first use: as long as the other screens' first render is given.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hello, Ada!' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start a New Chat' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(3);
  });

  it("falls back to 'User' without a first name", async () => {
    stubNetwork({ session: { firstName: null } });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, User!' })).toBeInTheDocument();
  });
});
