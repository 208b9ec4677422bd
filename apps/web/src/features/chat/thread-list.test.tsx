import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearClientState } from '../../session/index.ts';
import { errorReply, type SignedUpUser, startRealServer } from '../../testing/real-server.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { toast } from '../../ui/index.ts';
import { PENDING_DELETES_KEY } from './pending-deletes.ts';
import { container } from './testing/agent-stream.ts';
import { seedTurn } from './testing/chat-fixtures.ts';

// The sidebar's thread history against the real server's /db thread routes (in process, in memory).
const server = startRealServer();

const SOME_PREFERENCES = { 'Response Detail': { 'Detail Numbers': '5/10' } };

/**
 * Threads are seeded a few minutes before a midday (today's once past noon, else yesterday's), so every
 * seeded thread falls on one day however close to midnight the test runs.
 */
const MIDDAY = (() => {
  const midday = new Date();
  if (midday.getHours() < 12) midday.setDate(midday.getDate() - 1);
  midday.setHours(12, 0, 0, 0);
  return midday;
})();
const minutesBeforeMidday = (minutes: number) => new Date(MIDDAY.getTime() - minutes * 60_000);

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
      at: minutesBeforeMidday(index + 1),
    });
  }
  return user;
}

const sidebar = () => screen.getByRole('complementary', { name: 'Sidebar' });
const threadLinks = () =>
  within(sidebar())
    .queryAllByRole('link')
    .filter((link) => link.getAttribute('href')?.startsWith('/chat/'));
/** Each listed thread's title (its link also carries the date). */
const threadTitles = () => threadLinks().map((link) => link.querySelector('.truncate')?.textContent);
/** The seeded threads' day as the sidebar dates it ('Nov 27'; 'Dec 31, 2026' from another year). */
const seededDayLabel = () =>
  MIDDAY.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(MIDDAY.getFullYear() === new Date().getFullYear() ? {} : { year: 'numeric' }),
  });

/** Delete from a thread's menu, and confirm in the dialog that asks first. */
async function deleteFromMenu(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(within(sidebar()).getByRole('button', { name: new RegExp(`^Options for ${title},`) }));
  await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete this chat?' });
  expect(dialog).toHaveTextContent(`“${title}”`);
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

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
    await waitFor(() => expect(threadTitles()).toEqual(['Rent', 'Groceries', 'Travel']));
    expect(threadLinks()[1]).toHaveAttribute('href', '/chat/thread-1');
    // Each with its date beside it.
    expect(threadLinks()[1]).toHaveAccessibleName(`Groceries ${seededDayLabel()}`);
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

  it('tells repeated titles apart by the time beside them', async () => {
    await userWithThreads(['Net worth', 'Net worth', 'Rent']);
    await openStart();
    await waitFor(() => expect(threadLinks()).toHaveLength(3));
    const [first, second, third] = threadLinks();
    expect(first?.getAttribute('title')).toMatch(/^Net worth, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M$/);
    expect(second?.getAttribute('title')).toMatch(/^Net worth, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M$/);
    expect(first?.getAttribute('title')).not.toBe(second?.getAttribute('title'));
    expect(third).toHaveAccessibleName(`Rent ${seededDayLabel()}`);
  });

  it('asks before deleting; Cancel keeps the thread and sends nothing', async () => {
    await userWithThreads(['Rent']);
    await openStart();
    const user = userEvent.setup();
    await waitFor(() => expect(threadLinks()).toHaveLength(1));
    await user.click(within(sidebar()).getByRole('button', { name: /^Options for Rent,/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this chat?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(threadTitles()).toEqual(['Rent']);
    expect(server.calls('/db/delete-thread')).toHaveLength(0);
  });

  it("deletes a confirmed thread: 'Conversation removed.' with Undo, then gone from the server when the toast closes", async () => {
    const ada = await userWithThreads(['Rent', 'Groceries']);
    await openStart();
    const user = userEvent.setup();
    await waitFor(() => expect(threadLinks()).toHaveLength(2));
    await user.click(within(sidebar()).getByRole('link', { name: /^Groceries / }));
    await waitFor(() => expect(window.location.pathname).toBe('/chat/thread-1'));
    await deleteFromMenu(user, 'Groceries');
    expect(await screen.findByText('Conversation removed.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    // Gone from the list at once; the open conversation was the one deleted: back to the start screen.
    expect(threadTitles()).toEqual(['Rent']);
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    // Held while Undo is offered; sent when the toast closes.
    expect(server.calls('/db/delete-thread')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Close toast' }));
    await waitFor(() => expect(server.calls('/db/delete-thread')).toHaveLength(1));
    expect(server.calls('/db/delete-thread')[0]?.body).toMatchObject({
      username: ada.user.username,
      thread_id: 'thread-1',
    });
    await waitFor(() => expect(threadTitles()).toEqual(['Rent']));
  });

  it('Undo brings the thread back and nothing is deleted', async () => {
    await userWithThreads(['Rent', 'Groceries']);
    await openStart();
    const user = userEvent.setup();
    await waitFor(() => expect(threadLinks()).toHaveLength(2));
    await deleteFromMenu(user, 'Groceries');
    await waitFor(() => expect(threadTitles()).toEqual(['Rent']));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(threadTitles()).toEqual(['Rent', 'Groceries']));
    // The toast is gone; closing everything now sends nothing either.
    toast.dismiss();
    await waitFor(() => expect(screen.queryByText('Conversation removed.')).toBeNull());
    expect(server.calls('/db/delete-thread')).toHaveLength(0);
  });

  it('sends a held delete when the page goes away', async () => {
    await userWithThreads(['Rent', 'Groceries']);
    await openStart();
    const user = userEvent.setup();
    await waitFor(() => expect(threadLinks()).toHaveLength(2));
    await deleteFromMenu(user, 'Groceries');
    await screen.findByText('Conversation removed.');
    expect(server.calls('/db/delete-thread')).toHaveLength(0);
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(server.calls('/db/delete-thread')).toHaveLength(1));
    expect(server.calls('/db/delete-thread')[0]?.body).toMatchObject({ thread_id: 'thread-1' });
  });

  it('runs a delete an earlier page confirmed but never sent, for its own user only', async () => {
    const ada = await userWithThreads(['Rent', 'Groceries']);
    // What a page closed during the Undo window leaves behind, beside another user's entry.
    window.localStorage.setItem(
      PENDING_DELETES_KEY,
      JSON.stringify([
        { owner: ada.user.id, threadId: 'thread-1' },
        { owner: 'someone-else', threadId: 'thread-0' },
      ]),
    );
    await openStart();
    await waitFor(() => expect(server.calls('/db/delete-thread')).toHaveLength(1));
    expect(server.calls('/db/delete-thread')[0]?.body).toMatchObject({ thread_id: 'thread-1' });
    await waitFor(() => expect(threadTitles()).toEqual(['Rent']));
    // The entry leaves the store once its delete has been answered, which may come after the list moved.
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem(PENDING_DELETES_KEY) ?? '[]')).toEqual([
        { owner: 'someone-else', threadId: 'thread-0' },
      ]),
    );
  });

  it("says 'Failed to delete chat.' when the delete fails, and keeps the thread", async () => {
    await userWithThreads(['Rent']);
    server.intercept('/db/delete-thread', () =>
      errorReply(500, { success: false, error: 'Something went wrong.', code: 'server:error' }),
    );
    await openStart();
    const user = userEvent.setup();
    await waitFor(() => expect(threadLinks()).toHaveLength(1));
    await deleteFromMenu(user, 'Rent');
    await user.click(await screen.findByRole('button', { name: 'Close toast' }));
    expect(await screen.findByText('Failed to delete chat.')).toBeInTheDocument();
    await waitFor(() => expect(threadTitles()).toEqual(['Rent']));
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
    const link = within(sidebar()).getByRole('link', { name: /^Untitled Chat / });
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
