import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetPublicConfig } from '../../api/index.ts';
import { renderApp } from '../../test/render-app.tsx';
import { toast } from '../../ui/index.ts';
import { makeResource, stubResourceServer, TEST_SESSION_TOKEN } from './testing/fake-resource-server.ts';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

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
  beforeEach(() => {
    resetPublicConfig();
  });
  afterEach(() => {
    // Sonner keeps its toasts outside React: forget this test's toasts before the next one.
    toast.dismiss();
  });

  it('lists saved resources with titles and relative dates, and opens the first one', async () => {
    const server = stubResourceServer({
      resources: [
        makeResource('res_new', 'Monthly spending', minutesAgo(5)),
        makeResource('res_old', 'Net worth', minutesAgo(60 * 24 * 3)),
      ],
    });
    const { router } = await openPage('/Resources');

    const first = await within(resourceList()).findByRole('link', { name: /Monthly spending/ });
    expect(first).toHaveTextContent('5 minutes ago');
    expect(within(resourceList()).getByRole('link', { name: /Net worth/ })).toHaveTextContent('3 days ago');

    // The first resource is selected once the list has loaded.
    await waitFor(() => expect(router.state.location.pathname).toBe('/Resources/res_new'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Monthly spending' })).toBeInTheDocument();
    expect(await screen.findByText('Details of Monthly spending')).toBeInTheDocument();
    expect(first).toHaveAttribute('aria-current', 'page');

    // Calls carry the session's bearer token and name the user; they never carry it in the address.
    const list = server.requests.find((r) => r.path === '/db/get-user-resources');
    expect(list?.authorization).toBe(`Bearer ${TEST_SESSION_TOKEN}`);
    expect(list?.query).toMatchObject({ username: 'ada', firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('selecting a resource navigates to /Resources/{id} and shows it', async () => {
    stubResourceServer({
      resources: [
        makeResource('res_a', 'Monthly spending', minutesAgo(5)),
        makeResource('res_b', 'Net worth', minutesAgo(10)),
      ],
    });
    const { router } = await openPage('/Resources');
    const user = userEvent.setup();
    await user.click(await within(resourceList()).findByRole('link', { name: /Net worth/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/Resources/res_b'));
    expect(await screen.findByText('Details of Net worth')).toBeInTheDocument();
  });

  it('opens a resource by its address', async () => {
    stubResourceServer({
      resources: [
        makeResource('res_a', 'Monthly spending', minutesAgo(5)),
        makeResource('res_b', 'Net worth', minutesAgo(10)),
      ],
    });
    const { router } = await openPage('/Resources/res_b');
    expect(await screen.findByText('Details of Net worth')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/Resources/res_b');
  });

  it("shows the empty state: 'No saved resources yet' and its hint", async () => {
    stubResourceServer({ resources: [] });
    await openPage('/Resources');
    expect(await screen.findByText('No saved resources yet')).toBeInTheDocument();
    expect(screen.getByText('Save visualizations from your chats to see them here')).toBeInTheDocument();
    expect(screen.getByText('Select a resource to view its contents.')).toBeInTheDocument();
    // Nothing saved leads somewhere: a conversation, where results are made.
    expect(screen.getByRole('link', { name: 'Start a chat' })).toHaveAttribute('href', '/');
  });

  it("toasts 'Failed to load resources: ...' when the list cannot be fetched", async () => {
    const server = stubResourceServer();
    server.fail('/db/get-user-resources', { status: 500, statusText: 'Internal Server Error' });
    await openPage('/Resources');
    expect(
      await screen.findByText('Failed to load resources: Failed to fetch resources: 500'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it("answers an unknown id with 'Resource not found' and a toast", async () => {
    stubResourceServer({ resources: [makeResource('res_a', 'Monthly spending', minutesAgo(5))] });
    await openPage('/Resources/res_gone');
    expect(await screen.findByRole('alert')).toHaveTextContent('Resource not found');
    expect(await screen.findByText('Failed to load resource: Resource not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/Resources');
  });

  it("says 'Loading resource...' while the resource loads", async () => {
    const server = stubResourceServer({
      resources: [makeResource('res_a', 'Monthly spending', minutesAgo(5))],
    });
    server.fail('/db/get-resource/*', 'pending');
    await openPage('/Resources/res_a');
    expect(await screen.findByText('Loading resource...')).toBeInTheDocument();
  });

  it("says 'No visualization data found in resource' for a resource without visualizations", async () => {
    stubResourceServer({ resources: [makeResource('res_a', 'Empty one', minutesAgo(5), [])] });
    await openPage('/Resources/res_a');
    expect(await screen.findByRole('alert')).toHaveTextContent('No visualization data found in resource');
  });

  it("says 'No resource data available.' when the reply carries no resource", async () => {
    const server = stubResourceServer({
      resources: [makeResource('res_a', 'Monthly spending', minutesAgo(5))],
    });
    server.fail('/db/get-resource/*', { json: { success: false } });
    await openPage('/Resources/res_a');
    expect(await screen.findByRole('alert')).toHaveTextContent('No resource data available.');
  });

  it('deletes a resource with a sealed request and the spec toast, then selects the next one', async () => {
    const server = stubResourceServer({
      resources: [
        makeResource('res_a', 'Monthly spending', minutesAgo(5)),
        makeResource('res_b', 'Net worth', minutesAgo(10)),
      ],
    });
    const { router } = await openPage('/Resources');
    const user = userEvent.setup();
    await waitFor(() => expect(router.state.location.pathname).toBe('/Resources/res_a'));

    await user.click(await screen.findByRole('button', { name: 'Delete Monthly spending' }));
    expect(await screen.findByText('Deleted')).toBeInTheDocument();
    expect(screen.getByText('Resource removed.')).toBeInTheDocument();
    const request = server.requests.find((r) => r.path === '/db/delete-resource');
    expect(request?.sealed).toBe(true);
    expect(request?.body).toEqual({
      username: 'ada',
      firstName: 'Ada',
      lastName: 'Lovelace',
      resource_id: 'res_a',
    });
    await waitFor(() =>
      expect(within(resourceList()).queryByText('Monthly spending')).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/Resources/res_b'));
  });

  it('shows the empty state after deleting the last resource', async () => {
    stubResourceServer({ resources: [makeResource('res_a', 'Only one', minutesAgo(5))] });
    await openPage('/Resources');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Only one' }));
    expect(await screen.findByText('No saved resources yet')).toBeInTheDocument();
    expect(await screen.findByText('Select a resource to view its contents.')).toBeInTheDocument();
  });

  it("toasts 'Failed to delete resource.' when the delete fails, and keeps the resource", async () => {
    const server = stubResourceServer({
      resources: [makeResource('res_a', 'Monthly spending', minutesAgo(5))],
    });
    server.fail('/db/delete-resource', { status: 500, statusText: 'Internal Server Error' });
    await openPage('/Resources');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Monthly spending' }));
    expect(await screen.findByText('Failed to delete resource.')).toBeInTheDocument();
    expect(within(resourceList()).getByText('Monthly spending')).toBeInTheDocument();
  });

  it("shows the server's error when the delete answers success false", async () => {
    const server = stubResourceServer({
      resources: [makeResource('res_a', 'Monthly spending', minutesAgo(5))],
    });
    server.fail('/db/delete-resource', { json: { success: false, error: 'Resource is locked.' } });
    await openPage('/Resources');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Monthly spending' }));
    expect(await screen.findByText('Resource is locked.')).toBeInTheDocument();
  });

  it("the plus icon says 'Cannot start a new chat from here.' until forking exists", async () => {
    stubResourceServer({ resources: [makeResource('res_a', 'Monthly spending', minutesAgo(5))] });
    await openPage('/Resources/res_a');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start a new chat from this resource' }));
    expect(await screen.findByText('Cannot start a new chat from here.')).toBeInTheDocument();
  });
});
