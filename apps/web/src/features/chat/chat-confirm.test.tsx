import { agentEndpoints, dbEndpoints, type ThreadMessage, type ThreadProposal } from '@penny/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearClientState } from '../../session/index.ts';
import { endpointReply, type SignedUpUser, startRealServer } from '../../testing/real-server.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { toast } from '../../ui/index.ts';
import { confirmedReply, recategorizeProposal } from '../actions/testing/proposals.ts';
import { answerChats, lastChatRequest } from './testing/chat-fixtures.ts';

// The real server in process; the agent's answer (a turn that proposed) and the actions endpoints are
// answered in their place, typed by the contracts, since a real proposal needs a linked bank's ledger.
const server = startRealServer();

const SOME_PREFERENCES = { 'Response Detail': { 'Detail Numbers': '5/10' } };

async function askToRecategorize(): Promise<SignedUpUser> {
  const ada = await server.signUp(
    { firstName: 'Ada', lastName: 'Lovelace' },
    { preferences: SOME_PREFERENCES },
  );
  answerChats(server, ada, () => ({
    status: 'clarification_needed',
    answer: 'I found 2 Uber rides. Confirm to move them to Transportation.',
    proposal_id: recategorizeProposal.id,
  }));
  server.intercept('/agent/actions/proposal', () =>
    endpointReply(agentEndpoints.getProposal, { success: true, proposal: recategorizeProposal }),
  );
  renderApp('/chat/thread-confirm');
  const input = await screen.findByRole('textbox', { name: 'Message' }, { timeout: 15_000 });
  await userEvent.setup().type(input, 'categorise all Uber as Transportation{Enter}');
  return ada;
}

describe('chat: a turn that proposes', { timeout: 30_000 }, () => {
  beforeEach(() => {
    clearClientState(undefined);
  });
  afterEach(() => {
    toast.dismiss();
    clearClientState(undefined);
  });

  it('opens the Confirm popup for its proposal; a confirm sends the selection and lists the outcome in the chat', async () => {
    await askToRecategorize();
    server.intercept('/agent/actions/confirm', () =>
      endpointReply(agentEndpoints.confirmProposal, confirmedReply(['item-1', 'item-2', 'item-3'])),
    );
    const popup = await screen.findByRole('dialog', { name: 'Confirm' });
    expect(lastChatRequest(server).message).toBe('categorise all Uber as Transportation');
    const boxes = await within(popup).findAllByRole('checkbox');
    expect(boxes.every((box) => box.getAttribute('aria-checked') === 'true')).toBe(true);
    expect(server.calls('/agent/actions/proposal').at(-1)?.query).toMatchObject({
      proposal_id: 'proposal-1',
      username: expect.any(String),
    });

    const pointer = userEvent.setup();
    // Read on arrival and again after the turn.
    await waitFor(() => expect(server.calls('/db/get-all-user-threads').length).toBeGreaterThanOrEqual(2));
    const listReads = server.calls('/db/get-all-user-threads').length;
    await pointer.click(within(popup).getByRole('button', { name: 'Confirm' }));
    await within(popup).findByRole('list', { name: 'Outcome' });
    // What the confirm changed is read again (the thread list among the invalidated queries).
    await waitFor(() => expect(server.calls('/db/get-all-user-threads').length).toBeGreaterThan(listReads));
    const [confirm] = server.calls('/agent/actions/confirm');
    expect(confirm?.sealed).toBe(true);
    expect(confirm?.body).toMatchObject({
      proposal_id: 'proposal-1',
      item_ids: ['item-1', 'item-2', 'item-3'],
      idempotency_key: expect.any(String),
    });

    await pointer.click(within(popup).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The confirm's actions join the thread after the turn that proposed them.
    const log = screen.getByRole('log', { name: 'Messages' });
    expect((await within(log).findAllByText('Rule: merchant Uber → Transportation')).length).toBeGreaterThan(
      0,
    );
  });

  it('Cancel sends cancel and closes the popup', async () => {
    await askToRecategorize();
    server.intercept('/agent/actions/cancel', () =>
      endpointReply(agentEndpoints.cancelProposal, {
        success: true,
        proposal_id: 'proposal-1',
        status: 'cancelled',
      }),
    );
    const popup = await screen.findByRole('dialog', { name: 'Confirm' });
    await within(popup).findAllByRole('checkbox');
    await userEvent.setup().click(within(popup).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls('/agent/actions/cancel')).toHaveLength(1);
    expect(server.calls('/agent/actions/confirm')).toHaveLength(0);
  });

  describe('a thread read again (a reload)', () => {
    const turn = (proposal: ThreadProposal): ThreadMessage => ({
      query_id: 'query-proposed',
      user_message: 'categorise all Uber as Transportation',
      agent_actions: [{ id: 'a1', status: 'completed', description: 'Proposed re-categorising', tool: 'x' }],
      timestamp: '2026-12-07T10:00:00.000Z',
      status: 'clarification_needed',
      answer: 'I found 2 Uber rides. Confirm to move them to Transportation.',
      model: 'penny-analyst',
      proposal,
    });
    const base = { id: 'proposal-1', title: 'Confirm', expires_at: '2026-12-07T10:15:00.000Z' };
    const rides = [
      'Uber, Mar 2, 2026, $12.50: Travel → Transportation',
      'Uber, Mar 9, 2026, $8.00: Travel → Transportation',
    ];

    async function openThread(proposal: ThreadProposal) {
      await server.signUp({ firstName: 'Ada', lastName: 'Lovelace' }, { preferences: SOME_PREFERENCES });
      server.intercept('/db/chatbox/get-messages', () =>
        endpointReply(dbEndpoints.getMessages, { success: true, messages: [turn(proposal)] }),
      );
      server.intercept('/agent/actions/proposal', () =>
        endpointReply(agentEndpoints.getProposal, { success: true, proposal: recategorizeProposal }),
      );
      renderApp('/chat/thread-reloaded');
      return screen.findByRole('log', { name: 'Messages' }, { timeout: 15_000 });
    }

    it('shows what a confirm did and what was undone since, and opens no popup', async () => {
      const log = await openThread({
        ...base,
        status: 'confirmed',
        items: [
          { item_id: 'item-1', description: rides[0] ?? '', status: 'executed', change_id: 'chg_1' },
          { item_id: 'item-2', description: rides[1] ?? '', status: 'undone', change_id: null },
        ],
        agent_actions: [
          { id: 'confirmed_item-1', status: 'completed', description: rides[0] ?? '' },
          { id: 'confirmed_item-2', status: 'completed', description: rides[1] ?? '' },
          { id: 'undone_item-2', status: 'completed', description: `Undone: ${rides[1]}` },
        ],
      });
      expect(await within(log).findByText('As you confirmed:')).toBeTruthy();
      expect(within(log).getAllByText(`Undone: ${rides[1]}`).length).toBeGreaterThan(0);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(server.calls('/agent/actions/proposal')).toHaveLength(0);
    });

    it('says a cancelled proposal changed nothing, and opens no popup', async () => {
      const log = await openThread({
        ...base,
        status: 'cancelled',
        items: [{ item_id: 'item-1', description: rides[0] ?? '', status: 'not_selected', change_id: null }],
        agent_actions: [
          { id: 'cancelled_proposal-1', status: 'completed', description: 'Cancelled: nothing was changed.' },
        ],
      });
      expect((await within(log).findAllByText('Cancelled: nothing was changed.')).length).toBeGreaterThan(0);
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it("opens the popup again for the newest turn's proposal while it is open", async () => {
      await openThread({
        ...base,
        status: 'open',
        items: [{ item_id: 'item-1', description: rides[0] ?? '', status: 'pending', change_id: null }],
        agent_actions: [],
      });
      const popup = await screen.findByRole('dialog', { name: 'Confirm' });
      expect((await within(popup).findAllByRole('checkbox')).length).toBeGreaterThan(0);
    });
  });
});
