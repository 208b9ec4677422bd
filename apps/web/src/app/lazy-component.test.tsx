import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from './lazy-component.ts';

function Accounts() {
  return <h1>Accounts</h1>;
}

const withFallback = (element: React.ReactNode) => (
  <Suspense fallback={<p>Loading...</p>}>{element}</Suspense>
);

describe('screens loaded on demand', () => {
  it('downloads a screen once, whether preloaded, rendered, or both', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Accounts }));
    const Screen = lazyComponent(load);
    Screen.preload();
    Screen.preload();
    render(withFallback(<Screen />));
    expect(await screen.findByRole('heading', { name: 'Accounts' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows a screen whose code has arrived at once, without the loading screen', async () => {
    let arrive: (module: { default: typeof Accounts }) => void = () => undefined;
    const Screen = lazyComponent(
      () => new Promise<{ default: typeof Accounts }>((resolve) => (arrive = resolve)),
    );
    Screen.preload();
    await act(async () => arrive({ default: Accounts }));

    render(withFallback(<Screen />));
    // In the same commit: no fallback to hold the screen back.
    expect(screen.getByRole('heading', { name: 'Accounts' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('shows the loading screen until the code arrives, then the screen', async () => {
    let arrive: (module: { default: typeof Accounts }) => void = () => undefined;
    const Screen = lazyComponent(
      () => new Promise<{ default: typeof Accounts }>((resolve) => (arrive = resolve)),
    );
    render(withFallback(<Screen />));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await act(async () => arrive({ default: Accounts }));
    expect(await screen.findByRole('heading', { name: 'Accounts' })).toBeInTheDocument();
  });
});
