import { dbEndpoints } from '@penny/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { clearClientState, PERSISTENT_STATE_KEY } from '../../session/index.ts';
import { endpointReply, errorReply, type SignedUpUser, startRealServer } from '../../testing/real-server.ts';
import { navigateTo, renderApp } from '../../testing/render-app.tsx';
import { toast } from '../../ui/index.ts';
import { type ChatItem, useChatStore } from './chat-store.ts';
import { chatResult, container, controlledStream, sseResponse } from './testing/agent-stream.ts';
import { answerChats, lastChatRequest, seedTurn } from './testing/chat-fixtures.ts';

// The real server, in process on an in-memory database: the /db thread routes answer for real (turns
// are stored through its chat service). The agent's POST /agent/chat is answered in its place by a
// stream typed by the contracts, so each test sets the stream's timing.
const server = startRealServer();

/** Preferences already set, so the first-run preferences wizard stays closed. */
const SOME_PREFERENCES = { 'Response Detail': { 'Detail Numbers': '5/10' } };

async function signedIn(): Promise<SignedUpUser> {
  return server.signUp({ firstName: 'Ada', lastName: 'Lovelace' }, { preferences: SOME_PREFERENCES });
}

async function openChat(path: string) {
  const rendered = renderApp(path);
  const input = await screen.findByRole('textbox', { name: 'Message' }, { timeout: 15_000 });
  return { ...rendered, input };
}

const log = () => screen.getByRole('log', { name: 'Messages' });
const panel = () => screen.getByRole('region', { name: 'Visualizations' });
const sidebar = () => screen.getByRole('complementary', { name: 'Sidebar' });
/** The answer as the chat shows it: its words, whatever elements the lead figure splits them into. */
const answerShowing = (text: string) => (_: string, element: Element | null) =>
  element?.hasAttribute('data-answer-start') === true &&
  (element.textContent ?? '').replace(/\s+/g, ' ').includes(text);

/** Headers the page sent on its last call to `path`. */
function headersOf(path: string): Headers {
  const calls = (globalThis.fetch as Mock).mock.calls as Array<[RequestInfo | URL, RequestInit | undefined]>;
  const call = calls.filter(([input]) => String(input).includes(path)).at(-1);
  return new Headers(call?.[1]?.headers);
}

describe('chat page', { timeout: 30_000 }, () => {
  beforeEach(() => {
    clearClientState(undefined);
  });
  afterEach(() => {
    toast.dismiss();
    // Stops turns still streaming and forgets the chat's state.
    clearClientState(undefined);
  });

  it('sends with Enter: the question, the progress item, streamed actions and answer, then the result', async () => {
    const ada = await signedIn();
    const stream = controlledStream();
    server.intercept('/agent/chat', () => stream.response);
    const { input } = await openChat('/chat/thread-1');
    const user = userEvent.setup();
    await user.type(input, 'How much did I spend on food?{Enter}');

    // new_query_submitted: the question, the progress item, the panel loading.
    expect(await within(log()).findByText('How much did I spend on food?')).toBeInTheDocument();
    expect(await screen.findByText('Securing connection')).toBeInTheDocument();
    expect(within(panel()).getByText('Generating insights...')).toBeInTheDocument();
    expect(input).toHaveValue('');

    // The request: sealed, streamed, naming the thread, a fresh query id and the user.
    await waitFor(() => expect(server.calls('/agent/chat')).toHaveLength(1));
    const [call] = server.calls('/agent/chat');
    expect(call?.sealed).toBe(true);
    expect(headersOf('/agent/chat').get('accept')).toContain('text/event-stream');
    const request = lastChatRequest(server);
    expect(request).toEqual({
      message: 'How much did I spend on food?',
      thread_id: 'thread-1',
      query_id: expect.stringMatching(/^query-\d{13}-[a-z0-9]{8}$/),
      user_info: expect.objectContaining({
        username: ada.user.username,
        firstName: 'Ada',
        lastName: 'Lovelace',
        userId: ada.user.id,
      }),
    });
    const queryId = request.query_id;

    // Streamed: the first action replaces the step text and runs in its panel.
    stream.send({ type: 'start', query_id: queryId, thread_id: 'thread-1', model: 'penny-offline' });
    stream.send({
      type: 'action',
      action: { id: 'a1', status: 'started', description: 'Reading your transactions', symbol: '📊' },
    });
    await waitFor(() =>
      expect(screen.getByTestId('progress-step')).toHaveTextContent('Reading your transactions'),
    );
    const running = screen.getByRole('button', { name: /AI Thought Process/ });
    expect(running).toHaveTextContent('Running');
    expect(running.parentElement).toHaveAttribute('data-streaming', 'true');
    stream.send({
      type: 'action',
      action: { id: 'a1', status: 'completed', description: 'Read 214 transactions', symbol: '📊' },
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /AI Thought Process/ })).toHaveTextContent('Done'),
    );
    stream.send({ type: 'text', delta: 'You spent ' });
    stream.send({ type: 'text', delta: '$420 on food.' });
    expect(await screen.findByText('You spent $420 on food.')).toBeInTheDocument();

    // response_full: the actions item replaces the progress, the container joins the panel.
    const food = container(queryId, 'Food spending');
    stream.send({ type: 'dsl', dsl_objects: [food] });
    stream.send({
      type: 'result',
      result: chatResult({
        query_id: queryId,
        thread_id: 'thread-1',
        agent_actions: [
          { id: 'a1', status: 'completed', description: 'Read 214 transactions', symbol: '📊' },
        ],
        dsl_objects: [food],
        answer: 'You spent $420 on food.',
        title: 'Food spending',
      }),
    });
    stream.close();
    // The finished steps: one line until opened, with the finished tracker's words.
    const steps = await within(log()).findByRole('button', { name: /Analysis complete/ });
    expect(steps).toHaveTextContent('Ready');
    expect(screen.queryByText('Securing connection')).toBeNull();
    await user.click(steps);
    const done = within(log()).getByRole('button', { name: /AI Thought Process/ });
    expect(done).toHaveTextContent('Done');
    // The server did not time the action: the client did (shown in brackets from 0.1 s).
    const kept = useChatStore.getState().chatHistories['thread-1']?.find((item) => item.type === 'actions');
    expect(kept?.agent_actions?.[0]?.processing_time).toEqual(expect.any(Number));
    await user.click(done);
    expect(within(log()).getByText('What I did:')).toBeVisible();
    expect(within(log()).getByText('Read 214 transactions', { selector: 'p' })).toBeVisible();
    expect(await within(panel()).findByRole('heading', { name: 'Food spending' })).toBeInTheDocument();
    expect(within(panel()).queryByText('Generating insights...')).toBeNull();

    // The turn named the thread: in the sidebar, the page heading and the document title.
    expect(await within(sidebar()).findByRole('link', { name: /^Food spending / })).toHaveAttribute(
      'href',
      '/chat/thread-1',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Food spending' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Food spending · Penny'));
  });

  it("asks the server's own agent (offline model) and shows its streamed turn, which the thread then reads back", async () => {
    await signedIn();
    const { input } = await openChat('/chat/thread-real');
    await userEvent.setup().type(input, 'What is my net worth?{Enter}');
    await waitFor(
      () =>
        expect(log().querySelector('[data-chat-item="actions"], [data-chat-item="error"]')).not.toBeNull(),
      { timeout: 20_000 },
    );
    expect(log().querySelector('[data-chat-item="error"]')).toBeNull();
    expect(within(log()).getByText('What is my net worth?')).toBeInTheDocument();
    expect(headersOf('/agent/chat').get('accept')).toContain('text/event-stream');
    // The server kept the turn: another visit reads it back from /db.
    await navigateTo('/chat/thread-elsewhere');
    await waitFor(() =>
      expect(server.calls('/db/chatbox/get-messages').at(-1)?.query.thread_id).toBe('thread-elsewhere'),
    );
    await navigateTo('/chat/thread-real');
    await waitFor(() =>
      expect(
        server.calls('/db/chatbox/get-messages').filter((call) => call.query.thread_id === 'thread-real'),
      ).toHaveLength(2),
    );
    expect(await within(log()).findByText('What is my net worth?')).toBeInTheDocument();
  });

  it('sends nothing while a send is in progress, and nothing blank', async () => {
    await signedIn();
    const stream = controlledStream();
    server.intercept('/agent/chat', () => stream.response);
    const { input } = await openChat('/chat/thread-1');
    const user = userEvent.setup();
    await user.type(input, '   {Enter}');
    expect(server.calls('/agent/chat')).toHaveLength(0);
    await user.type(input, 'First{Enter}');
    await screen.findByText('Securing connection');
    await user.type(input, 'Second{Enter}');
    expect(input).toHaveValue('Second');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    expect(server.calls('/agent/chat')).toHaveLength(1);
    expect(within(log()).queryByText('Second')).toBeNull();
  });

  it("sends model 'grok-4' with Deep Thinking on, and takes a plain JSON answer", async () => {
    await signedIn();
    server.intercept('/agent/chat', () => {
      const request = lastChatRequest(server);
      return Response.json(
        chatResult({
          query_id: request.query_id,
          thread_id: 'thread-1',
          answer: 'Thought hard about it.',
          agent_actions: [{ status: 'completed', description: 'Thought', processing_time: 2.345 }],
        }),
      );
    });
    const { input } = await openChat('/chat/thread-1');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: /Deep Thinking/ }));
    await user.type(input, 'Plan my retirement{Enter}');
    expect(await screen.findByText('Thought hard about it.')).toBeInTheDocument();
    expect(lastChatRequest(server).model).toBe('grok-4');
    await user.click(within(log()).getByRole('button', { name: /Analysis complete/ }));
    expect(within(log()).getByRole('button', { name: /AI Thought Process/ })).toHaveTextContent('(2.3s)');
  });

  it("shows 'Error: {message}' and the 'Error' toast when the agent refuses", async () => {
    await signedIn();
    server.intercept('/agent/chat', () =>
      errorReply(409, {
        success: false,
        error: 'This question is still being answered.',
        code: 'chat:turn-in-progress',
      }),
    );
    const { input } = await openChat('/chat/thread-1');
    const user = userEvent.setup();
    await user.type(input, 'Net worth?{Enter}');
    expect(
      await within(log()).findByText('Error: This question is still being answered.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Failed to send message. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Error', { selector: '[data-title]' })).toBeInTheDocument();
    expect(screen.queryByText('Securing connection')).toBeNull();
    // The panel shows the failure too.
    expect(within(panel()).getByRole('alert')).toHaveTextContent('This question is still being answered.');
    expect(await screen.findByText('Visualization Error')).toBeInTheDocument();
    // The box works again.
    await user.type(input, 'Again');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it("shows the stream's error event as 'Error: {error}'", async () => {
    await signedIn();
    server.intercept('/agent/chat', () =>
      sseResponse([
        { type: 'start', query_id: lastChatRequest(server).query_id, thread_id: 'thread-1', model: 'm' },
        { type: 'error', error: 'The model is unavailable.', code: 'server:unavailable' },
      ]),
    );
    const { input } = await openChat('/chat/thread-1');
    await userEvent.setup().type(input, 'Net worth?{Enter}');
    expect(await within(log()).findByText('Error: The model is unavailable.')).toBeInTheDocument();
  });

  it('loads a thread from the server (messages, containers), syncs in the background, and uses the cache next time', async () => {
    const ada = await signedIn();
    await seedTurn(server, ada, {
      threadId: 'thread-seeded',
      queryId: 'query-1000-aaaa',
      message: 'What did I spend on rent?',
      answer: 'Rent was $1,800.',
      actions: [{ id: 'x', status: 'completed', description: 'Summed rent payments', processing_time: 0.4 }],
      dsl: [container('query-1000-aaaa', 'Rent')],
    });
    await seedTurn(server, ada, {
      threadId: 'thread-seeded',
      queryId: 'query-2000-bbbb',
      message: 'And groceries?',
      answer: 'Groceries were $600.',
      dsl: [container('query-2000-bbbb', 'Groceries')],
    });
    await openChat('/chat/thread-seeded');
    expect(await within(log()).findByText('What did I spend on rent?')).toBeInTheDocument();
    expect(within(log()).getByText(answerShowing('Rent was $1,800.'))).toBeInTheDocument();
    expect(within(log()).getByText(answerShowing('Groceries were $600.'))).toBeInTheDocument();
    await userEvent.setup().click(within(log()).getByRole('button', { name: /Analysis complete/ }));
    expect(within(log()).getByRole('button', { name: /AI Thought Process/ })).toHaveTextContent('(0.4s)');
    // Newest result first.
    const headings = await within(panel()).findAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual(['Groceries', 'Rent']);
    expect(screen.getByRole('heading', { level: 1, name: 'Rent' })).toBeInTheDocument();

    const query = {
      username: ada.user.username,
      firstName: 'Ada',
      lastName: 'Lovelace',
      thread_id: 'thread-seeded',
    };
    expect(server.calls('/db/chatbox/get-messages').map((call) => call.query)).toEqual([query]);
    expect(server.calls('/db/visualization/get-dsl').map((call) => call.query)).toEqual([query]);
    await waitFor(() => expect(server.calls('/db/sync-thread-history')).toHaveLength(1));
    expect(server.calls('/db/sync-thread-history')[0]?.body).toMatchObject({
      thread_id: 'thread-seeded',
      user_info: { username: ada.user.username },
    });

    // Away to Resources and back: the cache is used (no second read), history synced again.
    const user = userEvent.setup();
    await user.click(within(sidebar()).getByRole('link', { name: 'Resources' }));
    await screen.findByRole('heading', { level: 1, name: 'Saved Resources' }, { timeout: 15_000 });
    await user.click(within(sidebar()).getByRole('link', { name: /^Rent / }));
    expect(await within(log()).findByText(answerShowing('Groceries were $600.'))).toBeInTheDocument();
    await waitFor(() => expect(server.calls('/db/sync-thread-history')).toHaveLength(2));
    expect(server.calls('/db/chatbox/get-messages')).toHaveLength(1);

    // Another thread, then back: the previous thread's cache was cleared, so it is read again.
    await navigateTo('/chat/thread-other');
    await waitFor(() => expect(server.calls('/db/chatbox/get-messages')).toHaveLength(2));
    await navigateTo('/chat/thread-seeded');
    await waitFor(() => expect(server.calls('/db/chatbox/get-messages')).toHaveLength(3));
    expect(await within(log()).findByText(answerShowing('Groceries were $600.'))).toBeInTheDocument();
  });

  it("says 'Error loading conversation: ...' when the messages cannot be read, and warns when visualizations cannot", async () => {
    await signedIn();
    server.intercept('/db/chatbox/get-messages', () =>
      errorReply(500, { success: false, error: 'Something went wrong.', code: 'server:error' }),
    );
    server.intercept('/db/visualization/get-dsl', () =>
      errorReply(500, { success: false, error: 'Something went wrong.', code: 'server:error' }),
    );
    server.intercept('/db/sync-thread-history', () =>
      errorReply(500, { success: false, error: 'Something went wrong.', code: 'server:error' }),
    );
    await openChat('/chat/thread-broken');
    expect(
      await within(log()).findByText('Error loading conversation: Something went wrong.'),
    ).toBeInTheDocument();
    // The thread may be read twice (the background sync re-reads it); the toast has one id per thread,
    // and a replaced toast can still be leaving the screen while its successor enters.
    expect((await screen.findAllByText('Could not load visualizations')).length).toBeGreaterThanOrEqual(1);
  });

  it('keeps the turn in persistentState_v1 (histories, visualizations, loaded threads) and shows it from there', async () => {
    const ada = await signedIn();
    answerChats(server, ada, (request) => ({
      answer: 'Your net worth is $52,000.',
      agent_actions: [{ id: 'n1', status: 'completed', description: 'Added up your accounts' }],
      dsl_objects: [container(request.query_id, 'Net worth')],
    }));
    const first = await openChat('/chat/thread-kept');
    await userEvent.setup().type(first.input, 'What is my net worth?{Enter}');
    expect(await within(log()).findByText(answerShowing('Your net worth is $52,000.'))).toBeInTheDocument();
    await within(panel()).findByRole('heading', { name: 'Net worth' });

    const stored = JSON.parse(window.localStorage.getItem(PERSISTENT_STATE_KEY) ?? '{}') as {
      state: {
        chatHistories: Record<string, ChatItem[]>;
        visualizations: Record<string, unknown[]>;
        loadedThreadIds: string[];
      };
    };
    expect(stored.state.chatHistories['thread-kept']?.map((item) => item.type)).toEqual(['user', 'actions']);
    expect(stored.state.visualizations['thread-kept']).toEqual([
      expect.objectContaining({ type: 'container', title: 'Net worth' }),
    ]);
    expect(stored.state.loadedThreadIds).toContain('thread-kept');
    expect(JSON.stringify(stored)).not.toMatch(/processedQueryIds|vizLoading|progress/);

    // A reload: the state comes back from storage, and the thread shows without being read again.
    first.unmount();
    const saved = window.localStorage.getItem(PERSISTENT_STATE_KEY) ?? '';
    useChatStore.setState({ chatHistories: {}, visualizations: {}, loadedThreadIds: [], threadOrder: [] });
    window.localStorage.setItem(PERSISTENT_STATE_KEY, saved);
    await useChatStore.persist.rehydrate();
    expect(useChatStore.getState().loadedThreadIds).toContain('thread-kept');
    const reads = server.calls('/db/chatbox/get-messages').length;
    await openChat('/chat/thread-kept');
    expect(await within(log()).findByText(answerShowing('Your net worth is $52,000.'))).toBeInTheDocument();
    await waitFor(() => expect(server.calls('/db/sync-thread-history').length).toBeGreaterThan(0));
    expect(server.calls('/db/chatbox/get-messages')).toHaveLength(reads);
  });

  it('starts a new chat from a result: POST /db/fork-chat, then the new thread with the copy flagged new', async () => {
    const ada = await signedIn();
    await seedTurn(server, ada, {
      threadId: 'thread-source',
      queryId: 'query-3000-cccc',
      message: 'Show my savings',
      answer: 'You saved $3,000.',
      dsl: [container('query-3000-cccc', 'Savings')],
    });
    await openChat('/chat/thread-source');
    const user = userEvent.setup();
    await user.click(await within(panel()).findByRole('button', { name: 'Start a new chat from this' }));
    expect(await screen.findByText('New chat created with visualization!')).toBeInTheDocument();
    expect(server.calls('/db/fork-chat')[0]?.body).toMatchObject({
      username: ada.user.username,
      source_thread_id: 'thread-source',
      source_query_id: 'query-3000-cccc',
    });
    await waitFor(() => expect(window.location.pathname).not.toBe('/chat/thread-source'));
    expect(window.location.pathname).toMatch(/^\/chat\/thread-/);
    await waitFor(() =>
      expect(within(panel()).getByRole('article', { name: 'Savings' })).toHaveAttribute('data-new', 'true'),
    );
    expect(within(log()).getByText('Show my savings')).toBeInTheDocument();
    expect(await within(sidebar()).findAllByRole('link', { name: /^Savings / })).toHaveLength(2);
  });

  it("says 'Failed to create a new chat.' when the server cannot fork, and 'Could not retrieve the new chat thread ID.' without an id", async () => {
    const ada = await signedIn();
    await seedTurn(server, ada, {
      threadId: 'thread-source',
      queryId: 'query-3000-cccc',
      message: 'Show my savings',
      dsl: [container('query-3000-cccc', 'Savings')],
    });
    await openChat('/chat/thread-source');
    const user = userEvent.setup();
    server.intercept('/db/fork-chat', () =>
      errorReply(404, { success: false, error: 'Not found', code: 'chat:turn-not-found' }),
    );
    await user.click(await within(panel()).findByRole('button', { name: 'Start a new chat from this' }));
    expect(await screen.findByText('Failed to create a new chat.')).toBeInTheDocument();
    server.intercept('/db/fork-chat', () => endpointReply(dbEndpoints.forkChat, { success: true }));
    await user.click(within(panel()).getByRole('button', { name: 'Start a new chat from this' }));
    expect(await screen.findByText('Could not retrieve the new chat thread ID.')).toBeInTheDocument();
  });

  it('mounts only the newest messages of a 500-turn thread and adds earlier ones on request', async () => {
    const ada = await signedIn();
    const items: ChatItem[] = [];
    for (let turn = 0; turn < 500; turn++) {
      const queryId = `query-${turn}`;
      items.push({
        id: `user-${queryId}`,
        type: 'user',
        message: `Question ${turn}`,
        timestamp: 'x',
        query_id: queryId,
      });
      items.push({
        id: `actions-${queryId}`,
        type: 'actions',
        message: 'Analysis complete',
        agent_actions: [
          { id: `a${turn}`, status: 'completed', description: `Step ${turn}`, processing_time: 0.2 },
        ],
        timestamp: 'x',
        query_id: queryId,
        answer: `Answer ${turn}`,
      });
    }
    useChatStore.getState().claim(ada.user.id);
    useChatStore.getState().setThread('thread-long', { items, visualizations: [] });
    server.intercept('/db/sync-thread-history', () =>
      endpointReply(dbEndpoints.syncThreadHistory, { success: true, synced_count: 500 }),
    );
    await openChat('/chat/thread-long');
    expect(await within(log()).findByText('Answer 499')).toBeInTheDocument();
    const rendered = () => log().querySelectorAll('[data-chat-item]').length;
    expect(rendered()).toBeLessThanOrEqual(60);
    expect(within(log()).queryByText('Question 0')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show earlier messages' }));
    expect(rendered()).toBeLessThanOrEqual(120);
    expect(rendered()).toBeGreaterThan(60);
    expect(server.calls('/db/chatbox/get-messages')).toHaveLength(0);
  });

  it('has no serious or critical accessibility problems with a finished turn', async () => {
    const ada = await signedIn();
    answerChats(server, ada, (request) => ({
      answer: 'Your net worth is $52,000.',
      agent_actions: [
        { id: 'n1', status: 'completed', description: 'Added up your accounts', processing_time: 0.8 },
        { id: 'n2', status: 'clarification_needed', description: 'Asked which accounts count' },
      ],
      dsl_objects: [container(request.query_id, 'Net worth')],
    }));
    const { input } = await openChat('/chat/thread-a11y');
    await userEvent.setup().type(input, 'What is my net worth?{Enter}');
    await within(panel()).findByRole('heading', { name: 'Net worth' });
    const results = await axe.run(document.body, {
      // jsdom does no layout: contrast is checked in the browser tests.
      rules: { 'color-contrast': { enabled: false } },
    });
    const serious = results.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(
      serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`),
    ).toEqual([]);
  });

  it('shows chat and visualizations as two tabs below 1024 px, with a badge for a new result', async () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: false,
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    const ada = await signedIn();
    answerChats(server, ada, (request) => ({
      answer: 'Done.',
      dsl_objects: [container(request.query_id, 'Cash flow')],
    }));
    const { input } = await openChat('/chat/thread-mobile');
    const chatTab = screen.getByRole('tab', { name: 'Chat' });
    expect(chatTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('region', { name: 'Visualizations' })).toBeNull();
    const user = userEvent.setup();
    await user.type(input, 'Cash flow?{Enter}');
    expect(await within(log()).findByText('Done.')).toBeInTheDocument();
    const vizTab = screen.getByRole('tab', { name: /Visualizations/ });
    await waitFor(() => expect(vizTab).toHaveAccessibleName('Visualizations, 1 new'));
    await user.click(vizTab);
    expect(await within(panel()).findByRole('heading', { name: 'Cash flow' })).toBeVisible();
    expect(vizTab).toHaveAccessibleName('Visualizations');
    // The chat keeps its state behind its tab.
    await user.click(chatTab);
    expect(within(log()).getByText('Done.')).toBeVisible();
  });
});
