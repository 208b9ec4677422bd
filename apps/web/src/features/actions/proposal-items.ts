import type {
  CategoryAssignment,
  ItemOutcome,
  ProposalItem,
  ProposalItemKind,
  ProposalStatus,
} from '@penny/contracts';
import { actionMessages } from '@penny/contracts';
import { formatDate, formatMoney, humanizeCategory } from '../accounts/format.ts';

/**
 * How the Confirm popup words a proposal (docs/api.md, "Confirmed actions"; docs/product/chat.md, "Confirm popup"): its
 * title, each item's change as before → after, each outcome. Maps are exhaustive over the contracts' kinds
 * and statuses, so a new item kind (orders, budgets) fails to compile until it is worded here.
 */

export const confirmMessages = {
  ordersTitle: 'Confirm Your Orders',
  title: 'Confirm',
  description: 'Nothing changes until you confirm. Untick anything you do not want.',
  confirm: 'Confirm',
  confirming: 'Confirming...',
  cancel: 'Cancel',
  close: 'Close',
  loading: 'Loading the proposed changes',
  loadFailed: 'The proposed changes could not be loaded.',
  confirmFailed: 'The changes could not be confirmed. Please try again.',
  listLabel: 'Proposed changes',
  outcomesLabel: 'Outcome',
  uncategorized: 'Uncategorized',
  noRule: 'No rule',
  noBudget: 'No budget',
  undo: 'Undo',
  undoing: 'Undoing...',
  undone: 'Undone',
  undoFailed: 'The change could not be undone. Please try again.',
  openOrder: (units: string) => `Open, ${units} ${units === '1' ? 'share' : 'shares'} waiting`,
  cancelledOrder: 'Cancelled',
} as const;

/** docs/product/chat.md, "Confirm popup": the list scrolls beyond this height. */
export const LIST_MAX_HEIGHT_PX = 220;

/** Which kinds are orders: the popup is 'Confirm Your Orders' only when every item is one. */
export const ORDER_KINDS = {
  transaction_category: false,
  category_rule: false,
  budget: false,
  order: true,
  order_cancel: true,
} as const satisfies Record<ProposalItemKind, boolean>;

export function confirmTitle(
  kinds: readonly ProposalItemKind[],
  orderKinds: Record<ProposalItemKind, boolean> = ORDER_KINDS,
): string {
  return kinds.length > 0 && kinds.every((kind) => orderKinds[kind])
    ? confirmMessages.ordersTitle
    : confirmMessages.title;
}

/** What one item changes, in words. */
export type ItemChange = { subject: string; before: string; after: string };

function categoryText(assignment: CategoryAssignment): string {
  const code = assignment.category_detailed ?? assignment.category;
  return code ? humanizeCategory(code) : confirmMessages.uncategorized;
}

/** A monthly budget as the popup shows it ('$400.00 a month'), or 'No budget' (none, or removed). */
function budgetText(amount: string | null): string {
  return amount === null ? confirmMessages.noBudget : `${formatMoney(amount, 'USD')} a month`;
}

const matchWords = { merchant: 'merchant is', text: 'name contains' } as const;

type OrderItem = Extract<ProposalItem, { kind: 'order' }>;

const orderTypeWords = { market: 'Market order', limit: 'Limit order' } as const;
const timeInForceWords = {
  day: 'day',
  gtc: 'good till cancelled',
  fok: 'fill or kill',
  ioc: 'immediate or cancel',
} as const;
const shareCount = (units: string) => `${units} ${units === '1' ? 'share' : 'shares'}`;
const magnitude = (amount: string) => amount.replace(/^-/, '');

/**
 * An order as the popup words it (docs/decisions/0024-orders.md): what is bought or sold and how, then
 * the holding and cash now → the brokerage's estimate (cost or proceeds, commission, cash left).
 */
function orderChange(item: OrderItem): ItemChange {
  const { order, impact } = item;
  const money = (amount: string) => formatMoney(amount, order.currency);
  const verb = order.action === 'buy' ? 'Buy' : 'Sell';
  const what =
    order.amount !== null ? `${money(order.amount)} of` : `${shareCount(order.units ?? impact.units)} of`;
  const how =
    order.order_type === 'limit' && order.limit_price !== null
      ? `${orderTypeWords.limit} at ${money(order.limit_price)}`
      : orderTypeWords[order.order_type];
  const value = order.action === 'buy' ? 'Estimated cost' : 'Estimated proceeds';
  return {
    subject: `${verb} ${what} ${order.symbol} · ${how}, ${timeInForceWords[order.time_in_force]} · ${order.account_name}`,
    before: `Holding ${shareCount(item.before.units_held)} · Cash ${money(item.before.cash)}`,
    after: `${value} ${money(magnitude(impact.estimated_amount))} for ${shareCount(impact.units)} at ${money(impact.price)} · Commission ${money(magnitude(impact.commission))} · Cash left ${money(impact.remaining_cash)}`,
  };
}

const changeOf: { [K in ProposalItemKind]: (item: Extract<ProposalItem, { kind: K }>) => ItemChange } = {
  transaction_category: (item) => ({
    subject: `${item.transaction.merchant ?? item.transaction.name}, ${formatDate(item.transaction.date)}, ${formatMoney(
      item.transaction.amount,
      item.transaction.currency,
    )}`,
    before: categoryText(item.before),
    after: categoryText(item.after),
  }),
  category_rule: (item) => ({
    subject: `Rule: ${matchWords[item.rule.match]} “${item.rule.text}”`,
    before: confirmMessages.noRule,
    after: categoryText(item.after),
  }),
  budget: (item) => ({
    subject: `Monthly budget: ${humanizeCategory(item.category)}`,
    before: budgetText(item.before),
    after: budgetText(item.after),
  }),
  order: orderChange,
  // An open order at the brokerage, cancelled (docs/api.md, "Confirmed actions").
  order_cancel: ({ order }) => ({
    subject: `${order.action === 'buy' ? 'Buy' : 'Sell'} ${shareCount(order.units)} of ${order.symbol} · ${
      order.order_type === 'limit' && order.limit_price !== null
        ? `${orderTypeWords.limit} at ${formatMoney(order.limit_price, 'USD')}`
        : order.order_type
    } · ${order.account_name}`,
    before: confirmMessages.openOrder(order.open_units),
    after: confirmMessages.cancelledOrder,
  }),
};

export function itemChange(item: ProposalItem): ItemChange {
  // The union is narrowed by the map's key; TypeScript cannot correlate the two on its own.
  return (changeOf[item.kind] as (item: ProposalItem) => ItemChange)(item);
}

/** Why a proposal that is no longer open cannot be confirmed (null: it can). */
export const closedReason = {
  open: null,
  confirmed: actionMessages.proposalClosed,
  cancelled: actionMessages.proposalClosed,
  expired: actionMessages.proposalExpired,
} as const satisfies Record<ProposalStatus, string | null>;

export const outcomeWords = {
  executed: 'Done',
  not_selected: 'Not selected',
  failed: 'Not done',
} as const satisfies Record<ItemOutcome['status'], string>;
