import { render, screen } from '@testing-library/react';
import { type ComponentType, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from './lazy-component.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

function Healthy() {
  return <h1>Accounts</h1>;
}

describe('screens that fail to load', () => {
  it("shows 'Something went wrong' with the reason and Reload, and clears on going elsewhere", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // What a browser reports when a screen's chunk is gone after a deploy.
    const Broken = lazyComponent(() =>
      Promise.reject<{ default: ComponentType }>(
        new TypeError('Failed to fetch dynamically imported module: /assets/chat-page-1.js'),
      ),
    );
    const view = (path: string, Screen: ComponentType) => (
      <RouteErrorBoundary resetKey={path}>
        <Suspense fallback={<p>Loading...</p>}>
          <Screen />
        </Suspense>
      </RouteErrorBoundary>
    );
    const { rerender } = render(view('/chat/thread-1', Broken));

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText(/Failed to fetch dynamically imported module/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();

    // Same path, new render: the error stays.
    rerender(view('/chat/thread-1', Healthy));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();

    // Another path: the screen renders again.
    rerender(view('/Accounts', Healthy));
    expect(await screen.findByRole('heading', { name: 'Accounts' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });
});
