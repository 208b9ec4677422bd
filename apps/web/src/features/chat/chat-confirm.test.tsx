import { agentEndpoints } from '@penny/contracts';
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
});
