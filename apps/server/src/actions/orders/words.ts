import type { OrderCancelItem, OrderItem } from '@penny/contracts';
import { fromCents, toCents } from '../../finance/index.ts';

/** An order in one line, for the popup's description and the chat's agent action (en-US dollars). */

function usd(value: string): string {
  const text = fromCents(toCents(value));
  const negative = text.startsWith('-');
  const [whole = '0', fraction = '00'] = (negative ? text.slice(1) : text).split('.');
  return `${negative ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

const shares = (units: string) => `${units} ${units === '1' ? 'share' : 'shares'}`;
const TIME_IN_FORCE_WORDS = {
  day: 'day',
  gtc: 'good till cancelled',
  fok: 'fill or kill',
  ioc: 'immediate or cancel',
};

/** 'Buy $500.00 of VTI at market in Individual Brokerage: about 1.6 shares at $312.34, est. cost $499.74, commission $0.00, cash left $734.82'. */
export function orderDescription(item: Pick<OrderItem, 'order' | 'impact'>): string {
  const { order, impact } = item;
  const what =
    order.amount !== null
      ? `${usd(order.amount)} of ${order.symbol}`
      : `${shares(order.units ?? impact.units)} of ${order.symbol}`;
  const how =
    order.order_type === 'limit' && order.limit_price !== null
      ? `with a limit of ${usd(order.limit_price)}`
      : 'at market';
  const verb = order.action === 'buy' ? 'Buy' : 'Sell';
  const value = order.action === 'buy' ? 'est. cost' : 'est. proceeds';
  const magnitude = impact.estimated_amount.replace(/^-/, '');
  const commission = impact.commission.replace(/^-/, '');
  return `${verb} ${what} ${how} (${TIME_IN_FORCE_WORDS[order.time_in_force]}) in ${order.account_name}: ${order.amount !== null ? 'about ' : ''}${shares(impact.units)} at ${usd(impact.price)}, ${value} ${usd(magnitude)}, commission ${usd(commission)}, cash left ${usd(impact.remaining_cash)}`;
}

/** 'Cancel the open order to buy 2 shares of VTI with a limit of $50.00 (GTC) in Individual Brokerage, placed 2026-12-07'. */
export function openOrderDescription(order: OrderCancelItem['order']): string {
  const how =
    order.order_type === 'limit' && order.limit_price !== null
      ? `with a limit of ${usd(order.limit_price)}`
      : `(${order.order_type})`;
  const left = order.open_units === order.units ? '' : `, ${shares(order.open_units)} still open`;
  const placed = order.placed_at ? `, placed ${order.placed_at.slice(0, 10)}` : '';
  return `${order.action === 'buy' ? 'Buy' : 'Sell'} ${shares(order.units)} of ${order.symbol} ${how} (${order.time_in_force}) in ${order.account_name}${left}${placed}`;
}
