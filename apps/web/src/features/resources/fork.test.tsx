import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/index.ts';
import { useSession } from '../../session/index.ts';
import { stubNetwork } from '../../testing/fake-network.ts';
import { createTestAuthClient } from '../../testing/test-auth-client.ts';
import { type ForkSource, originalQueryId, useForkVisualization } from './fork.ts';

let fork: (source: ForkSource) => void = () => {};

function Probe() {
  fork = useForkVisualization();
  return <span data-testid="status">{useSession().status}</span>;
}

async function renderFork() {
  render(
    <AppProviders queryClient={new QueryClient()} authClient={createTestAuthClient()}>
      <MemoryRouter>
        <Probe />
      </MemoryRouter>
    </AppProviders>,
  );
  await waitFor(() => expect(screen.getByTestId('status')).not.toHaveTextContent('checking'));
}

describe('fork from a visualization', () => {
  it('finds the original query id in a result id', () => {
    expect(originalQueryId('query-1735787045000-x7k2p')).toBe('query-1735787045000-x7k2p');
    expect(originalQueryId('query-1735787045000-x7k2p:1')).toBe('query-1735787045000-x7k2p');
    expect(originalQueryId('viz:query-17-ab:fork')).toBe('query-17-ab');
    expect(originalQueryId('container_7')).toBe('container_7');
    expect(originalQueryId('has spaces')).toBeNull();
    expect(originalQueryId('')).toBeNull();
    expect(originalQueryId(undefined)).toBeNull();
  });

  it("says 'Could not find the original query for this visualization.' without a query id", async () => {
    stubNetwork({ session: { firstName: 'Ada' } });
    await renderFork();
    act(() => fork({ threadId: 'thread-1', queryId: null, dslObjects: [] }));
    expect(
      await screen.findByText('Could not find the original query for this visualization.'),
    ).toBeInTheDocument();
  });

  it("says 'You must be logged in to do this.' without a session", async () => {
    stubNetwork({ session: null });
    await renderFork();
    act(() => fork({ threadId: 'thread-1', queryId: 'query-1-a', dslObjects: [] }));
    expect(await screen.findByText('You must be logged in to do this.')).toBeInTheDocument();
  });
});
