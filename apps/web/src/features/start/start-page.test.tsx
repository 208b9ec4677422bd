import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubNetwork } from '../../testing/fake-network.ts';
import { renderApp } from '../../testing/render-app.tsx';

describe('start screen', () => {
  it("greets a signed-in user by first name: 'Hello, Ada!'", async () => {
    stubNetwork({ session: { firstName: 'Ada' } });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Ada!' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start a New Chat' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(3);
  });

  it("falls back to 'User' without a first name", async () => {
    stubNetwork({ session: { firstName: null } });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, User!' })).toBeInTheDocument();
  });
});
