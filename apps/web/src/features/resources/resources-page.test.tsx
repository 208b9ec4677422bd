import { dbEndpoints } from '@penny/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { endpointReply, errorReply, startRealServer } from '../../testing/real-server.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { toast } from '../../ui/index.ts';
import { container } from '../chat/testing/agent-stream.ts';
import { seedTurn } from '../chat/testing/chat-fixtures.ts';
import { resourceReply, seedResource } from './testing/resource-fixtures.ts';

// The real server, in process on an in-memory database; a few failures it cannot be made to give
// (a 500, a slow answer, a reply without a resource) are answered in its place, typed by the contract.
const server = startRealServer();

/** Preferences already set, so the first-run preferences wizard stays closed. */
const SOME_PREFERENCES = { 'Response Detail': { 'Detail Numbers': '5/10' } };

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** A signed-in user (session cookie) with these saved resources. */
async function userWith(resources: Array<{ id: string; title: string; savedAt: Date }>) {
  const user = await server.signUp(
    { firstName: 'Ada', lastName: 'Lovelace' },
    { preferences: SOME_PREFERENCES },
  );
  for (const resource of resources) await seedResource(server, user, resource);
  return user;
}

/** Renders the app at `path` and waits for the page (its code is loaded on demand). */
async function openPage(path: string) {
  const rendered = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Saved Resources' }, { timeout: 15_000 });
  return rendered;
}

function resourceList() {
  return screen.getByRole('navigation', { name: 'Saved resources' });
}

describe('Resources page', { timeout: 30_000 }, () => {
  afterEach(() => {
    // Sonner keeps its toasts outside React: forget this test's toasts before the next one.
    toast.dismiss();
  });

  it('lists saved resources with titles and relative dates, and opens the first one', async () => {
    const user = await userWith([
      { id: 'res_new', title: 'Monthly spending', savedAt: minutesAgo(5) },
      { id: 'res_old', title: 'Net worth', savedAt: minutesAgo(60 * 24 * 3) },
    ]);
    await openPage('/Resources');

    const first = await within(resourceList()).findByRole('link', { name: /Monthly spending/ });
    expect(first).toHaveTextContent('5 minutes ago');
    expect(within(resourceList()).getByRole('link', { name: /Net worth/ })).toHaveTextContent('3 days ago');

    // The first resource is selected once the list has loaded.
    await waitFor(() => expect(window.location.pathname).toBe('/Resources/res_new'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Monthly spending' })).toBeInTheDocument();
    expect(await screen.findByText('Details of Monthly spending')).toBeInTheDocument();
    expect(first).toHaveAttribute('aria-current', 'page');

    // Calls name the user and carry a bearer; the session never travels in the address.
    const [list] = server.calls('/db/get-user-resources');
    expect(list?.authorization).toMatch(/^Bearer \S+$/);
    expect(list?.query).toEqual({
      username: user.user.username,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });

  it('selecting a resource navigates to /Resources/{id} and shows it', async () => {
    await userWith([
      { id: 'res_a', title: 'Monthly spending', savedAt: minutesAgo(5) },
      { id: 'res_b', title: 'Net worth', savedAt: minutesAgo(10) },
    ]);
    await openPage('/Resources');
    const user = userEvent.setup();
    await user.click(await within(resourceList()).findByRole('link', { name: /Net worth/ }));
    await waitFor(() => expect(window.location.pathname).toBe('/Resources/res_b'));
    expect(await screen.findByText('Details of Net worth')).toBeInTheDocument();
  });

  it('opens a resource by its address', async () => {
    await userWith([
      { id: 'res_a', title: 'Monthly spending', savedAt: minutesAgo(5) },
      { id: 'res_b', title: 'Net worth', savedAt: minutesAgo(10) },
    ]);
    await openPage('/Resources/res_b');
    expect(await screen.findByText('Details of Net worth')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/Resources/res_b');
  });

  it("shows the empty state: 'No saved resources yet' and its hint", async () => {
    await userWith([]);
    await openPage('/Resources');
    expect(await screen.findByText('No saved resources yet')).toBeInTheDocument();
    expect(screen.getByText('Save visualizations from your chats to see them here')).toBeInTheDocument();
    expect(screen.getByText('Select a resource to view its contents.')).toBeInTheDocument();
    // Nothing saved leads somewhere: a conversation, where results are made.
    expect(screen.getByRole('link', { name: 'Start a chat' })).toHaveAttribute('href', '/');
  });

  it("toasts 'Failed to load resources: ...' when the list cannot be fetched", async () => {
    await userWith([]);
    server.intercept('/db/get-user-resources', () =>
      errorReply(500, { success: false, error: 'Something went wrong.', code: 'server:error' }),
    );
    await openPage('/Resources');
    expect(
      await screen.findByText('Failed to load resources: Failed to fetch resources: 500'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it("answers an unknown id with the server's 404: 'Resource not found' and a toast", async () => {
    await userWith([{ id: 'res_a', title: 'Monthly spending', savedAt: minutesAgo(5) }]);
    await openPage('/Resources/res_gone');
    expect(await screen.findByRole('alert')).toHaveTextContent('Resource not found');
    expect(await screen.findByText('Failed to load resource: Resource not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/Resources');
  });

  it("another user's resource is not found either", async () => {
    const other = await server.signUp({}, { signIn: false });
    await seedResource(server, other, { id: 'res_theirs', title: 'Their spending', savedAt: minutesAgo(5) });
    await userWith([]);
    await openPage('/Resources/res_theirs');
    expect(await screen.findByRole('alert')).toHaveTextContent('Resource not found');
    expect(screen.queryByText('Details of Their spending')).not.toBeInTheDocument();
  });

  it("says 'Loading resource...' while the resource loads", async () => {
    await userWith([{ id: 'res_a', title: 'Monthly spending', savedAt: minutesAgo(5) }]);
    server.intercept('/db/get-resource/res_a', 'pending');
    await openPage('/Resources/res_a');
    expect(await screen.findByText('Loading resource...')).toBeInTheDocument();
  });

  it("says 'No visualization data found in resource' for a resource without visualizations", async () => {
    await userWith([{ id: 'res_a', title: 'Empty one', savedAt: minutesAgo(5) }]);
    const savedAt = minutesAgo(5).toISOString();
    server.intercept('/db/get-resource/res_a', () =>
      resourceReply({
        id: 'res_a',
        title: 'Empty one',
        timestamp: savedAt,
        created_at: savedAt,
        thread_id: 't1',
        query_id: 'query-res_a',
        dsl_objects: [],
      }),
    );
    await openPage('/Resources/res_a');
    expect(await screen.findByRole('alert')).toHaveTextContent('No visualization data found in resource');
  });

  it("says 'No resource data available.' when the reply carries no resource", async () => {
    await userWith([{ id: 'res_a', title: 'Monthly spending', savedAt: minutesAgo(5) }]);
    server.intercept('/db/get-resource/res_a', () => resourceReply(undefined));
    await openPage('/Resources/res_a');
    expect(await screen.findByRole('alert')).toHaveTextContent('No resource data available.');
  });

  it('deletes a resource with a sealed request and the required toast (docs/product/chat.md, "Resource errors"), then selects the next one', async () => {
    const owner = await userWith([
      { id: 'res_a', title: 'Monthly spending', savedAt: minutesAgo(5) },
      { id: 'res_b', title: 'Net worth', savedAt: minutesAgo(10) },
    ]);
    await openPage('/Resources');
    const user = userEvent.setup();
    await waitFor(() => expect(window.location.pathname).toBe('/Resources/res_a'));

    await user.click(await screen.findByRole('button', { name: 'Delete Monthly spending' }));
    expect(await screen.findByText('Deleted')).toBeInTheDocument();
    expect(screen.getByText('Resource removed.')).toBeInTheDocument();
    const [request] = server.calls('/db/delete-resource');
    expect(request?.sealed).toBe(true);
    expect(request?.body).toEqual({
      username: owner.user.username,
      firstName: 'Ada',
      lastName: 'Lovelace',
      resource_id: 'res_a',
    });
    await waitFor(() =>
      expect(within(resourceList()).queryByText('Monthly spending')).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(window.location.pathname).toBe('/Resources/res_b'));
    // Gone on the server, not only on the page.
    const stored = await server.app.services.resources.list(owner.user.id);
    expect(stored.resources.map((resource) => resource.id)).toEqual(['res_b']);
  });

  it('shows the empty state after deleting the last resource', async () => {
    await userWith([{ id: 'res_a', title: 'Only one', savedAt: minutesAgo(5) }]);
    await openPage('/Resources');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Only one' }));
    expect(await screen.findByText('No saved resources yet')).toBeInTheDocument();
    expect(await screen.findByText('Select a resource to view its contents.')).toBeInTheDocument();
  });

  it("toasts 'Failed to delete resource.' when the delete fails, and keeps the resource", async () => {
    await userWith([{ id: 'res_a', title: 'Monthly spending', savedAt: minutesAgo(5) }]);
    server.intercept('/db/delete-resource', () =>
      errorReply(500, { success: false, error: 'Something went wrong.', code: 'server:error' }),
    );
    await openPage('/Resources');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Monthly spending' }));
    expect(await screen.findByText('Failed to delete resource.')).toBeInTheDocument();
    expect(within(resourceList()).getByText('Monthly spending')).toBeInTheDocument();
  });

  it("shows the server's error when the delete answers success false", async () => {
    await userWith([{ id: 'res_a', title: 'Monthly spending', savedAt: minutesAgo(5) }]);
    server.intercept('/db/delete-resource', () =>
      endpointReply(dbEndpoints.deleteResource, { success: false, error: 'Resource is locked.' }),
    );
    await openPage('/Resources');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Monthly spending' }));
    expect(await screen.findByText('Resource is locked.')).toBeInTheDocument();
  });

  it("the plus icon starts a new chat from the resource's turn (POST /db/fork-chat)", async () => {
    const user = await userWith([{ id: 'res_a', title: 'Monthly spending', savedAt: minutesAgo(5) }]);
    // The turn the resource was saved from (seedResource names thread t1 and query-res_a).
    await seedTurn(server, user, {
      threadId: 't1',
      queryId: 'query-res_a',
      message: 'What did I spend this month?',
      dsl: [container('query-res_a', 'Monthly spending')],
    });
    await openPage('/Resources/res_a');
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Start a new chat from this resource' }));
    expect(await screen.findByText('New chat created with visualization!')).toBeInTheDocument();
    expect(server.calls('/db/fork-chat')[0]?.body).toMatchObject({
      source_thread_id: 't1',
      source_query_id: 'query-res_a',
    });
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/chat\/thread-/));
  });
});
