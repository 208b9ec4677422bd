import {
  actionMessages,
  type agentEndpoints,
  type ConfirmProposalResponse,
  type EndpointResponse,
  type Proposal,
} from '@penny/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPublicConfig } from '../../api/index.ts';
import { json, stubFetch, testConfig } from '../../testing/fake-network.ts';
import { ConfirmPopup } from './confirm-popup.tsx';
import { confirmTitle } from './proposal-items.ts';
import { budgetProposal, confirmedReply, recategorizeProposal as proposal } from './testing/proposals.ts';

const user = { username: 'ada', firstName: 'Ada', lastName: 'Lovelace' };

type Sent = { path: string; body: unknown };

/** Answers the actions endpoints (plain JSON bodies: this config does not seal) and records what was sent. */
function actionsServer(options: {
  proposal?: Proposal;
  confirm?: (body: { item_ids: string[] }) => Response | Promise<Response>;
  undo?: (body: { change_id: string }) => Response | Promise<Response>;
}) {
  const sent: Sent[] = [];
  stubFetch((url, init) => {
    if (url.pathname === '/config') return json({ ...testConfig, requireEncryptedBodies: false });
    const body = init?.body ? JSON.parse(String(init.body)) : Object.fromEntries(url.searchParams);
    sent.push({ path: url.pathname, body });
    if (url.pathname === '/agent/actions/proposal') {
      return json({ success: true, proposal: options.proposal ?? proposal } satisfies EndpointResponse<
        typeof agentEndpoints.getProposal
      >);
    }
    if (url.pathname === '/agent/actions/confirm') {
      if (options.confirm) return options.confirm(body);
      return json(confirmedReply(body.item_ids));
    }
    if (url.pathname === '/agent/actions/undo') {
      if (options.undo) return options.undo(body);
      return json({ success: true, change_id: body.change_id, status: 'undone' } satisfies EndpointResponse<
        typeof agentEndpoints.undoChange
      >);
    }
    if (url.pathname === '/agent/actions/cancel') {
      return json({ success: true, proposal_id: proposal.id, status: 'cancelled' } satisfies EndpointResponse<
        typeof agentEndpoints.cancelProposal
      >);
    }
    return json({ success: false, error: 'Not found.', code: 'request:not-found' }, { status: 404 });
  });
  return { sent, calls: (path: string) => sent.filter((entry) => entry.path === path) };
}

function renderPopup(
  props: {
    onClose?: () => void;
    onConfirmed?: (r: ConfirmProposalResponse) => void;
    onUndone?: () => void;
  } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = props.onClose ?? vi.fn();
  const utils = render(
    <QueryClientProvider client={client}>
      <ConfirmPopup
        proposalId={proposal.id}
        user={user}
        onClose={onClose}
        onConfirmed={props.onConfirmed}
        onUndone={props.onUndone}
      />
    </QueryClientProvider>,
  );
  return { ...utils, client, onClose };
}

const dialog = () => screen.getByRole('dialog');
const confirmButton = () => within(dialog()).getByRole('button', { name: 'Confirm' });

describe('ConfirmPopup', () => {
  beforeEach(() => {
    resetPublicConfig();
  });

  it("is titled 'Confirm' for re-categorisations and rules, with every item pre-selected and its change", async () => {
    const server = actionsServer({});
    renderPopup();
    const boxes = await within(await screen.findByRole('dialog', { name: 'Confirm' })).findAllByRole(
      'checkbox',
    );
    expect(boxes).toHaveLength(3);
    for (const box of boxes) expect(box).toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: 'Uber, Mar 2, 2026, -$12.50 Travel to Transportation' }),
    ).toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: 'Rule: merchant is “Uber” No rule to Transportation' }),
    ).toBeChecked();
    expect(confirmButton()).toBeEnabled();
    expect(server.calls('/agent/actions/proposal')).toEqual([
      { path: '/agent/actions/proposal', body: { ...user, proposal_id: 'proposal-1' } },
    ]);
  });

  it('words a budget item as the monthly amount before and after, a budget removed as none', async () => {
    actionsServer({ proposal: budgetProposal });
    renderPopup();
    const boxes = await within(await screen.findByRole('dialog', { name: 'Confirm' })).findAllByRole(
      'checkbox',
    );
    expect(boxes).toHaveLength(3);
    expect(
      screen.getByRole('checkbox', { name: 'Monthly budget: Food and drink No budget to $400.00 a month' }),
    ).toBeChecked();
    expect(
      screen.getByRole('checkbox', {
        name: 'Monthly budget: General merchandise $250.00 a month to $1,300.50 a month',
      }),
    ).toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: 'Monthly budget: Travel $150.00 a month to No budget' }),
    ).toBeChecked();
  });

  it("words the title 'Confirm Your Orders' only when every item is an order", () => {
    const allOrders = {
      transaction_category: true,
      category_rule: true,
      budget: true,
      order: true,
      order_cancel: true,
    };
    expect(confirmTitle(['transaction_category', 'category_rule'], allOrders)).toBe('Confirm Your Orders');
    expect(
      confirmTitle(['transaction_category', 'category_rule'], { ...allOrders, category_rule: false }),
    ).toBe('Confirm');
    expect(confirmTitle(['transaction_category', 'category_rule'])).toBe('Confirm');
  });

  it('scrolls the list beyond 220 px', async () => {
    actionsServer({});
    renderPopup();
    const list = await screen.findByRole('list', { name: 'Proposed changes' });
    expect(list).toHaveStyle({ maxHeight: '220px' });
    expect(list).toHaveClass('overflow-y-auto');
  });

  it('disables Confirm when nothing is selected', async () => {
    actionsServer({});
    renderPopup();
    const pointer = userEvent.setup();
    for (const box of await screen.findAllByRole('checkbox')) await pointer.click(box);
    expect(confirmButton()).toBeDisabled();
    await pointer.click(screen.getAllByRole('checkbox')[1] as HTMLElement);
    expect(confirmButton()).toBeEnabled();
  });

  it('sends exactly the selected ids once on a double click, with one key, and shows each outcome', async () => {
    let answer: (response: Response) => void = () => {};
    const server = actionsServer({ confirm: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const onConfirmed = vi.fn();
    renderPopup({ onConfirmed });
    const pointer = userEvent.setup();
    await pointer.click(await screen.findByRole('checkbox', { name: /Mar 5, 2026/ }));
    await pointer.dblClick(confirmButton());
    await waitFor(() => expect(server.calls('/agent/actions/confirm')).toHaveLength(1));
    expect(within(dialog()).getByRole('button', { name: 'Confirming...' })).toBeDisabled();
    answer(json(confirmedReply(['item-1', 'item-3'])));

    const outcomes = await screen.findByRole('list', { name: 'Outcome' });
    expect(within(outcomes).getAllByText('Done')).toHaveLength(2);
    expect(within(outcomes).getByText('Not selected')).toBeInTheDocument();
    expect(server.calls('/agent/actions/confirm')).toEqual([
      {
        path: '/agent/actions/confirm',
        body: {
          ...user,
          proposal_id: 'proposal-1',
          item_ids: ['item-1', 'item-3'],
          idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/),
        },
      },
    ]);
    expect(onConfirmed).toHaveBeenCalledTimes(1);
  });

  it('offers Undo for each executed change: the change undone once, a refusal in the server’s words', async () => {
    let superseded = false;
    const server = actionsServer({
      undo: (body) =>
        superseded
          ? json(
              { success: false, error: actionMessages.changeSuperseded, code: 'actions:change-superseded' },
              { status: 409 },
            )
          : json({ success: true, change_id: body.change_id, status: 'undone' }),
    });
    const onUndone = vi.fn();
    renderPopup({ onUndone });
    const pointer = userEvent.setup();
    await pointer.click(await screen.findByRole('checkbox', { name: /Mar 5, 2026/ }));
    await pointer.click(confirmButton());
    const outcomes = await screen.findByRole('list', { name: 'Outcome' });
    // Executed: the first ride and the rule; the unticked ride has nothing to undo.
    const undos = within(outcomes).getAllByRole('button', { name: /^Undo: / });
    expect(undos.map((button) => button.getAttribute('aria-label'))).toEqual([
      `Undo: ${proposal.items[0]?.description}`,
      `Undo: ${proposal.items[2]?.description}`,
    ]);
    await pointer.dblClick(undos[0] as HTMLElement);
    await within(outcomes).findByText('Undone');
    expect(server.calls('/agent/actions/undo')).toEqual([
      { path: '/agent/actions/undo', body: { ...user, change_id: 'change-item-1' } },
    ]);
    expect(onUndone).toHaveBeenCalledTimes(1);
    superseded = true;
    await pointer.click(within(outcomes).getByRole('button', { name: /^Undo: Rule/ }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(actionMessages.changeSuperseded);
    expect(onUndone).toHaveBeenCalledTimes(1);
  });

  it("shows the server's words when refused, and a retry keeps the opening's key", async () => {
    let refuse = true;
    const server = actionsServer({
      confirm: (body) =>
        refuse
          ? json(
              { success: false, error: actionMessages.proposalStale, code: 'actions:proposal-stale' },
              { status: 409 },
            )
          : json(confirmedReply(body.item_ids)),
    });
    renderPopup();
    const pointer = userEvent.setup();
    await screen.findAllByRole('checkbox');
    await pointer.click(confirmButton());
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(actionMessages.proposalStale);
    refuse = false;
    await pointer.click(confirmButton());
    await screen.findByRole('list', { name: 'Outcome' });
    const [first, second] = server
      .calls('/agent/actions/confirm')
      .map((call) => call.body as { idempotency_key: string });
    expect(second?.idempotency_key).toBe(first?.idempotency_key);
  });

  it('makes a new key for a new opening', async () => {
    const server = actionsServer({});
    const pointer = userEvent.setup();
    const first = renderPopup();
    await screen.findAllByRole('checkbox');
    await pointer.click(confirmButton());
    await screen.findByRole('list', { name: 'Outcome' });
    first.unmount();
    renderPopup();
    await screen.findAllByRole('checkbox');
    await pointer.click(confirmButton());
    await screen.findByRole('list', { name: 'Outcome' });
    const keys = server
      .calls('/agent/actions/confirm')
      .map((call) => (call.body as { idempotency_key: string }).idempotency_key);
    expect(new Set(keys).size).toBe(2);
  });

  it('Cancel sends cancel, confirms nothing and closes', async () => {
    const server = actionsServer({});
    const { onClose } = renderPopup();
    await screen.findAllByRole('checkbox');
    await userEvent.setup().click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(server.calls('/agent/actions/cancel')).toEqual([
      { path: '/agent/actions/cancel', body: { ...user, proposal_id: 'proposal-1' } },
    ]);
    expect(server.calls('/agent/actions/confirm')).toEqual([]);
  });

  it('offers no Confirm for an expired proposal, saying why', async () => {
    actionsServer({ proposal: { ...proposal, status: 'expired' } });
    renderPopup();
    expect(await screen.findByRole('alert')).toHaveTextContent(actionMessages.proposalExpired);
    expect(within(dialog()).queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(within(dialog()).getByRole('button', { name: 'Close' })).toBeEnabled();
  });

  it('has no serious or critical axe violations', async () => {
    actionsServer({});
    renderPopup();
    await screen.findAllByRole('checkbox');
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
});
