import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearClientState } from '../../session/index.ts';
import { errorReply, type SignedUpUser, startRealServer } from '../../testing/real-server.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { toast } from '../../ui/index.ts';
import { container } from './testing/agent-stream.ts';
import { seedTurn } from './testing/chat-fixtures.ts';

// The sidebar's thread history against the real server's /db thread routes (in process, in memory).
const server = startRealServer();

const SOME_PREFERENCES = { 'Response Detail': { 'Detail Numbers': '5/10' } };

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** A signed-in user with one thread per title, the first title the most recent. */
async function userWithThreads(titles: string[]): Promise<SignedUpUser> {
  const user = await server.signUp(
    { firstName: 'Ada', lastName: 'Lovelace' },
    { preferences: SOME_PREFERENCES },
  );
  for (const [index, title] of titles.entries()) {
    await seedTurn(server, user, {
      threadId: `thread-${index}`,
      queryId: `query-${index}-x`,
      message: `About ${title}`,
      dsl: [container(`query-${index}-x`, title)],
      at: minutesAgo(index + 1),
    });
  }
  return user;
}

const sidebar = () => screen.getByRole('complementary', { name: 'Sidebar' });
const threadLinks = () =>
  within(sidebar())
    .queryAllByRole('link')
    .filter((link) => link.getAttribute('href')?.startsWith('/chat/'));

async function openStart() {
  const rendered = renderApp('/');
  await screen.findByRole('heading', { level: 1, name: 'Hello, Ada!' }, { timeout: 15_000 });
  return rendered;
}

describe('sidebar thread history', { timeout: 30_000 }, () => {
  beforeEach(() => {
    clearClientState(undefined);
  });
  afterEach(() => {
    toast.dismiss();
    clearClientState(undefined);
  });

  it('lists the threads newest first, each linking to its chat', async () => {
    const ada = await userWithThreads(['Rent', 'Groceries', 'Travel']);
    await openStart();
    await waitFor(() =>
      expect(threadLinks().map((link) => link.textContent)).toEqual(['Rent', 'Groceries', 'Travel']),
    );
    expect(threadLinks()[1]).toHaveAttribute('href', '/chat/thread-1');
    expect(server.calls('/db/get-all-user-threads')[0]?.query).toEqual({
      username: ada.user.username,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });

  it("says 'No conversations yet' without threads", async () => {
    await userWithThreads([]);
    await openStart();
    expect(await within(sidebar()).findByText('No conversations yet')).toBeInTheDocument();
  });

  it('loads the next page with Load More', async () => {
    const titles = Array.from({ length: 25 }, (_, index) => `Thread ${index + 1}`);
    await userWithThreads(titles);
    await openStart();
    await waitFor(() => expect(threadLinks()).toHaveLength(20));
    await userEvent.setup().click(within(sidebar()).getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(threadLinks()).toHaveLength(25));
    expect(threadLinks().at(-1)).toHaveTextContent('Thread 25');
    expect(within(sidebar()).queryByRole('button', { name: 'Load More' })).toBeNull();
    expect(server.calls('/db/get-all-user-threads')[1]?.query.cursor).toBeTruthy();
  });

  it("says 'Failed to fetch threads: {status}' and leaves the list empty when the list cannot be read", async () => {
    await userWithThreads(['Rent']);
    server.intercept('/db/get-all-user-threads', () =>
      errorReply(500, { success: false, error: 'Something went wrong.', code: 'server:error' }),
    );
    await openStart();
    expect(await within(sidebar()).findByText('Failed to fetch threads: 500')).toBeInTheDocument();
    expect(threadLinks()).toHaveLength(0);
    server.intercept('/db/get-all-user-threads', null);
    await userEvent.setup().click(within(sidebar()).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(threadLinks()).toHaveLength(1));
  });

  it("deletes a thread from its menu: 'Conversation removed.', gone from the list and the server", async () => {
    const ada = await userWithThreads(['Rent', 'Groceries']);
    await openStart();
    const user = userEvent.setup();
    await waitFor(() => expect(threadLinks()).toHaveLength(2));
    await user.click(within(sidebar()).getByRole('link', { name: 'Groceries' }));
    await waitFor(() => expect(window.location.pathname).toBe('/chat/thread-1'));
    await user.click(within(sidebar()).getByRole('button', { name: 'Options for Groceries' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByText('Conversation removed.')).toBeInTheDocument();
    await waitFor(() => expect(threadLinks().map((link) => link.textContent)).toEqual(['Rent']));
    expect(server.calls('/db/delete-thread')[0]?.body).toMatchObject({
      username: ada.user.username,
      thread_id: 'thread-1',
    });
    // The open conversation was the one deleted: back to the start screen.
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  it("says 'Failed to delete chat.' when the delete fails, and keeps the thread", async () => {
    await userWithThreads(['Rent']);
    server.intercept('/db/delete-thread', () =>
      errorReply(500, { success: false, error: 'Something went wrong.', code: 'server:error' }),
    );
    await openStart();
    const user = userEvent.setup();
    await waitFor(() => expect(threadLinks()).toHaveLength(1));
    await user.click(within(sidebar()).getByRole('button', { name: 'Options for Rent' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete chat.')).toBeInTheDocument();
    expect(threadLinks()).toHaveLength(1);
  });

  it("New Chat opens an empty 'Untitled Chat' with a new id and says 'Started a new conversation'", async () => {
    await userWithThreads(['Rent']);
    await openStart();
    const user = userEvent.setup();
    await waitFor(() => expect(threadLinks()).toHaveLength(1));
    await user.click(within(sidebar()).getByRole('button', { name: 'New Chat' }));
    expect(await screen.findByText('Started a new conversation')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/chat\/thread-\d{13}-[a-z0-9]{8}$/));
    const id = window.location.pathname.slice('/chat/'.length);
    const link = within(sidebar()).getByRole('link', { name: 'Untitled Chat' });
    expect(link).toHaveAttribute('href', `/chat/${id}`);
    await waitFor(() => expect(link).toHaveAttribute('aria-current', 'page'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Untitled Chat' })).toBeInTheDocument();
    // start_empty: nothing read for a thread made here.
    expect(server.calls('/db/chatbox/get-messages')).toHaveLength(0);
  });

  it("the start screen's 'Start a New Chat' does the same", async () => {
    await userWithThreads([]);
    await openStart();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Start a New Chat' }));
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/chat\/thread-/));
    expect(await screen.findByText('Started a new conversation')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  });
});
