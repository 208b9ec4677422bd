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
} as const;

/** docs/product/chat.md, "Confirm popup": the list scrolls beyond this height. */
export const LIST_MAX_HEIGHT_PX = 220;

/** Which kinds are orders: the popup is 'Confirm Your Orders' only when every item is one. */
export const ORDER_KINDS = {
  transaction_category: false,
  category_rule: false,
  budget: false,
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
} as const satisfies Record<ItemOutcome['status'], string>;
