import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/index.ts';
import { useSession } from '../../session/index.ts';
import { errorReply, startRealServer } from '../../testing/real-server.ts';
import { createTestAuthClient } from '../../testing/test-auth-client.ts';
import { toast } from '../../ui/index.ts';
import { VisualizationPanel, type VisualizationPanelProps } from './visualization-panel.tsx';

const spending = {
  id: 'query-1735787045000-x7k2p',
  type: 'container',
  title: 'Monthly spending',
  content_blocks: [{ type: 'content', content: 'You spent more on food this month.' }],
};

// Saving goes to the real server (in process, in-memory database): the store request must pass its
// validation. A 500 and an off-contract reply are answered in its place.
const server = startRealServer();

function SessionStatus() {
  return <span data-testid="session-status">{useSession().status}</span>;
}

/** Renders the panel for a signed-in user (session cookie), or a visitor; answers the user. */
async function renderPanel(props: Partial<VisualizationPanelProps>, { signedIn = true } = {}) {
  const signedUp = signedIn
    ? await server.signUp(
        { firstName: 'Ada', lastName: 'Lovelace' },
        { preferences: { 'Response Detail': { 'Detail Numbers': '5/10' } } },
      )
    : undefined;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient} authClient={createTestAuthClient()}>
      <MemoryRouter>
        <SessionStatus />
        <VisualizationPanel threadId="thread-1" results={[]} {...props} />
      </MemoryRouter>
    </AppProviders>,
  );
  await waitFor(() => expect(screen.getByTestId('session-status')).not.toHaveTextContent('checking'));
  return signedUp;
}

const storeCalls = () => server.calls('/db/store-resource');

const saveButton = () => screen.findByRole('button', { name: 'Save this visualization to resources' });

describe('visualization panel', () => {
  afterEach(() => {
    // Sonner keeps its toasts outside React: forget this test's toasts before the next one.
    toast.dismiss();
  });

  it("shows 'Ask a question to see AI-generated insights and visualizations.' when there is nothing", async () => {
    await renderPanel({ results: [] });
    expect(
      screen.getByText('Ask a question to see AI-generated insights and visualizations.'),
    ).toBeInTheDocument();
  });

  it('renders one card per result, each with save and fork actions', async () => {
    await renderPanel({ results: [spending, { ...spending, id: 'query-2', title: 'Net worth' }] });
    expect(await screen.findByRole('heading', { name: 'Monthly spending' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Net worth' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Save this visualization to resources' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Start a new chat from this' })).toHaveLength(2);
    expect(screen.queryByText('Ask a question to see AI-generated insights and visualizations.')).toBeNull();
  });

  it("saves a result as a resource with a sealed request, then toasts 'Saved!' / 'Resource saved'", async () => {
    const ada = await renderPanel({ results: [spending] });
    const user = userEvent.setup();
    await user.click(await saveButton());
    expect(await screen.findByText('Saved!')).toBeInTheDocument();
    expect(screen.getByText('Resource saved')).toBeInTheDocument();

    const [request] = storeCalls();
    expect(request?.sealed).toBe(true);
    expect(request?.authorization).toMatch(/^Bearer \S+$/);
    expect(request?.body).toMatchObject({
      username: ada?.user.username,
      firstName: 'Ada',
      lastName: 'Lovelace',
      thread_id: 'thread-1',
      query_id: 'query-1735787045000-x7k2p',
      dsl_objects: [spending],
    });
    const body = request?.body as { resource_id: string; timestamp: string; created_at: string };
    expect(body.resource_id).toMatch(/^res_/);
    expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);
    const stored = await server.app.services.resources.list(ada?.user.id ?? '');
    expect(stored.resources.map((resource) => [resource.id, resource.title])).toEqual([
      [body.resource_id, 'Monthly spending'],
    ]);
  });

  it('says Saved once saved, and does not offer a second save of the same card', async () => {
    const ada = await renderPanel({ results: [spending] });
    const user = userEvent.setup();
    await user.click(await saveButton());
    await screen.findByText('Saved!');
    const saved = await screen.findByRole('button', { name: 'Saved' });
    expect(saved).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save this visualization to resources' })).toBeNull();
    await user.click(saved);
    expect(storeCalls()).toHaveLength(1);
    const stored = await server.app.services.resources.list(ada?.user.id ?? '');
    expect(stored.resources).toHaveLength(1);
  });

  it("toasts 'Save Failed' with the message when the server refuses", async () => {
    await renderPanel({ results: [spending] });
    server.intercept('/db/store-resource', () =>
      errorReply(500, { success: false, error: 'Something went wrong.', code: 'server:error' }),
    );
    const user = userEvent.setup();
    await user.click(await saveButton());
    expect(await screen.findByText('Save Failed')).toBeInTheDocument();
    expect(screen.getByText('HTTP 500: Internal Server Error')).toBeInTheDocument();
  });

  it("toasts 'Save Failed' / 'Failed to store resource' when the reply lacks success", async () => {
    await renderPanel({ results: [spending] });
    // Deliberately off the contract (no `success`): the client must not take it for a save.
    server.intercept('/db/store-resource', () => Response.json({ resource_id: 'x' }));
    const user = userEvent.setup();
    await user.click(await saveButton());
    expect(await screen.findByText('Save Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to store resource')).toBeInTheDocument();
  });

  it("warns 'Cannot store resource without user info.' without a user, and sends nothing", async () => {
    await renderPanel({ results: [spending] }, { signedIn: false });
    const user = userEvent.setup();
    await user.click(await saveButton());
    expect(await screen.findByText('Cannot store resource without user info.')).toBeInTheDocument();
    expect(storeCalls()).toEqual([]);
  });

  it("the fork icon asks the server for a new chat from the card's query ('Failed to create a new chat.' when it has none)", async () => {
    await renderPanel({ results: [spending] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start a new chat from this' }));
    expect(await screen.findByText('Failed to create a new chat.')).toBeInTheDocument();
    const [request] = server.calls('/db/fork-chat');
    expect(request?.sealed).toBe(true);
    expect(request?.body).toMatchObject({
      source_thread_id: 'thread-1',
      source_query_id: 'query-1735787045000-x7k2p',
    });
  });

  it("shows 'Generating insights...' while loading", async () => {
    await renderPanel({ loading: true });
    expect(screen.getByRole('status')).toHaveTextContent('Generating insights...');
    expect(screen.queryByText(/longer than usual/)).toBeNull();
    expect(screen.queryByText('Ask a question to see AI-generated insights and visualizations.')).toBeNull();
  });

  it('shows the error message in a card and a Visualization Error toast', async () => {
    await renderPanel({ error: 'The analysis service is unavailable.' });
    expect(screen.getByRole('alert')).toHaveTextContent('The analysis service is unavailable.');
    expect(await screen.findByText('Visualization Error')).toBeInTheDocument();
  });

  it("falls back to 'Error generating visuals' when the error has no message", async () => {
    await renderPanel({ error: '' });
    expect(screen.getByRole('alert')).toHaveTextContent('Error generating visuals');
  });
});

describe('visualization panel patience message', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('appears after 15 s of loading and goes away with the loading', () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    const authClient = createTestAuthClient();
    const view = (loading: boolean) => (
      <AppProviders queryClient={queryClient} authClient={authClient}>
        <MemoryRouter>
          <VisualizationPanel threadId="thread-1" results={[]} loading={loading} />
        </MemoryRouter>
      </AppProviders>
    );
    const { rerender } = render(view(true));
    act(() => {
      vi.advanceTimersByTime(14_900);
    });
    expect(screen.queryAllByText(/longer than usual/)).toHaveLength(0);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.getAllByText(/longer than usual/).length).toBeGreaterThan(0);
    rerender(view(false));
    expect(screen.queryAllByText(/longer than usual/)).toHaveLength(0);
    expect(
      screen.getByText('Ask a question to see AI-generated insights and visualizations.'),
    ).toBeInTheDocument();
  });
});
