import type { agentEndpoints, EndpointResponse, Proposal } from '@penny/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPublicConfig } from '../../api/index.ts';
import { json, stubFetch, testConfig } from '../../testing/fake-network.ts';
import { ConfirmPopup } from './confirm-popup.tsx';
import { confirmTitle, itemChange } from './proposal-items.ts';

/** "Buy $500 of VTI": one order, as propose_order stores it (docs/decisions/0024-orders.md). */
const orderProposal: Proposal = {
  id: 'proposal-order-1',
  status: 'open',
  title: 'Confirm Your Orders',
  thread_id: 'thread-1',
  query_id: 'query-1',
  created_at: '2026-03-10T10:00:00.000Z',
  expires_at: '2026-03-10T10:15:00.000Z',
  items: [
    {
      id: 'order-1',
      kind: 'order',
      description: 'Buy $500.00 of VTI at market (day) in Individual Brokerage',
      order: {
        account_id: 'acc-1',
        account_name: 'Individual Brokerage',
        connection_id: 'conn-1',
        symbol: 'VTI',
        symbol_name: 'Vanguard Total Stock Market ETF',
        action: 'buy',
        units: null,
        amount: '500',
        order_type: 'market',
        limit_price: null,
        time_in_force: 'day',
        currency: 'USD',
      },
      impact: {
        trade_id: 'trade-1',
        trade_expires_at: '2026-03-10T10:05:00.000Z',
        units: '1.6',
        price: '312.34',
        estimated_amount: '-499.74',
        commission: '0',
        remaining_cash: '734.82',
      },
      before: { units_held: '3', cash: '1234.56' },
      after: { units_held: '4.6', cash: '734.82' },
    },
  ],
};

const user = { username: 'ada', firstName: 'Ada', lastName: 'Lovelace' };

describe('order items in the Confirm popup', () => {
  beforeEach(() => {
    resetPublicConfig();
  });

  it('words a buy of an amount: action, amount, symbol, order type; holding and cash → cost, commission, cash left', () => {
    const [item] = orderProposal.items;
    if (!item) throw new Error('no item');
    expect(itemChange(item)).toEqual({
      subject: 'Buy $500.00 of VTI · Market order, day · Individual Brokerage',
      before: 'Holding 3 shares · Cash $1,234.56',
      after: 'Estimated cost $499.74 for 1.6 shares at $312.34 · Commission $0.00 · Cash left $734.82',
    });
  });

  it('words a limit sale of units with its limit and proceeds', () => {
    const [item] = orderProposal.items;
    if (item?.kind !== 'order') throw new Error('no order');
    const sale = {
      ...item,
      order: {
        ...item.order,
        action: 'sell' as const,
        units: '2',
        amount: null,
        order_type: 'limit' as const,
        limit_price: '320',
        time_in_force: 'gtc' as const,
      },
      impact: {
        ...item.impact,
        units: '2',
        price: '320',
        estimated_amount: '640',
        commission: '-4.95',
        remaining_cash: '1869.61',
      },
    };
    expect(itemChange(sale)).toEqual({
      subject: 'Sell 2 shares of VTI · Limit order at $320.00, good till cancelled · Individual Brokerage',
      before: 'Holding 3 shares · Cash $1,234.56',
      after: 'Estimated proceeds $640.00 for 2 shares at $320.00 · Commission $4.95 · Cash left $1,869.61',
    });
  });

  it("titles the popup 'Confirm Your Orders' when every item is an order, else 'Confirm'", async () => {
    expect(confirmTitle(['order'])).toBe('Confirm Your Orders');
    expect(confirmTitle(['order', 'transaction_category'])).toBe('Confirm');
    stubFetch((url) => {
      if (url.pathname === '/config') return json({ ...testConfig, requireEncryptedBodies: false });
      if (url.pathname === '/agent/actions/proposal') {
        return json({ success: true, proposal: orderProposal } satisfies EndpointResponse<
          typeof agentEndpoints.getProposal
        >);
      }
      return json({ success: false, error: 'Not found.', code: 'request:not-found' }, { status: 404 });
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ConfirmPopup proposalId={orderProposal.id} user={user} onClose={vi.fn()} />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Your Orders' });
    const box = await within(dialog).findByRole('checkbox', {
      name: 'Buy $500.00 of VTI · Market order, day · Individual Brokerage Holding 3 shares · Cash $1,234.56 to Estimated cost $499.74 for 1.6 shares at $312.34 · Commission $0.00 · Cash left $734.82',
    });
    expect(box).toBeChecked();
  });
});

describe('an open order to cancel in the Confirm popup', () => {
  it('words the order and its cancel: side, shares, symbol, limit, account; open → cancelled', () => {
    const item = {
      id: 'cancel-1',
      kind: 'order_cancel',
      description: 'Cancel: Buy 2 shares of VTI with a limit of $50.00 (GTC) in Individual Brokerage',
      order: {
        account_id: 'acc-1',
        account_name: 'Individual Brokerage',
        connection_id: 'conn-1',
        order_id: 'order-77',
        symbol: 'VTI',
        action: 'buy',
        units: '2',
        open_units: '2',
        order_type: 'limit',
        limit_price: '50',
        time_in_force: 'GTC',
        placed_at: '2026-03-10T10:00:00.000Z',
      },
      before: { status: 'open' },
      after: { status: 'cancelled' },
    } as const satisfies Proposal['items'][number];
    expect(itemChange(item)).toEqual({
      subject: 'Buy 2 shares of VTI · Limit order at $50.00 · Individual Brokerage',
      before: 'Open, 2 shares waiting',
      after: 'Cancelled',
    });
    expect(confirmTitle(['order_cancel'])).toBe('Confirm Your Orders');
  });
});
