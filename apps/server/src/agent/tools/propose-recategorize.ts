import { escapeMarkup, type ProposalItem } from '@penny/contracts';
import { assignmentLabel } from '../../finance/index.ts';
import { ServiceError } from '../../services/errors.ts';
import { block, count, num } from './format.ts';
import type { FinanceTool, ToolBlock, ToolResult } from './types.ts';

type TransactionItem = Extract<ProposalItem, { kind: 'transaction_category' }>;

export type ProposeRecategorizeData = {
  /** The stored proposal's id (the Confirm popup opens it), or null when nothing would change. */
  proposal_id: string | null;
  expires_at: string | null;
  /** Transactions that would change; `listed` of them are items (the list stops at the item limit). */
  matched: number;
  listed: number;
  rule: boolean;
  category: string;
};

function affectedTable(items: readonly TransactionItem[]): ToolBlock {
  return block('table', {
    type: 'table',
    title: 'Transactions to re-categorise',
    columns: [
      { key: 'date', header: 'Date' },
      { key: 'description', header: 'Description' },
      { key: 'account', header: 'Account' },
      { key: 'before', header: 'Now' },
      { key: 'after', header: 'After' },
      { key: 'amount', header: 'Amount' },
    ],
    rows: items.map((item) => ({
      date: item.transaction.date,
      description: item.transaction.merchant ?? item.transaction.name,
      account: item.transaction.account_name,
      before: assignmentLabel(item.before),
      after: assignmentLabel(item.after),
      amount: num(item.transaction.amount),
    })),
    currency_symbol: 'USD',
  });
}

/**
 * Proposes, never writes: the transactions a merchant or text names (or one transaction) move to a
 * category, and optionally a rule for future ones. The proposal waits for the user's confirm
 * (docs/decisions/0022-proposals-and-effective-categories.md).
 */
export const proposeRecategorizeTool = {
  name: 'propose_recategorize',
  description:
    "Proposes moving transactions to another category: every transaction from a merchant (`match:'merchant'`, `text` the merchant) or containing a text (`match:'text'`), or one transaction (`transaction_id` from a transaction list), to `category` (a category code); with `rule:true` also a rule that files future matching transactions the same way. Nothing changes until the user confirms the proposal in the Confirm popup. Use it for 'categorise all Uber as Transportation', 'that Costco charge was groceries'.",
  symbol: '🏷️',
  describe(input) {
    const what = input.text === undefined ? 'a transaction' : `"${input.text}"`;
    return `Preparing to re-categorise ${what} as ${assignmentLabel({ category: input.category, category_detailed: null })}`;
  },
  async execute(input, context): Promise<ToolResult<ProposeRecategorizeData>> {
    if (!context.turn) throw new ServiceError('request:invalid', 'A proposal is made in a conversation.');
    const { proposal, draft } = await context.services.actions.proposeRecategorize(
      context.userId,
      context.turn,
      {
        match: input.match,
        text: input.text,
        transactionId: input.transaction_id,
        category: input.category,
        rule: input.rule,
      },
    );
    const transactions = draft.items.filter(
      (item): item is TransactionItem => item.kind === 'transaction_category',
    );
    const target = assignmentLabel(draft.after);
    const named = input.text === undefined ? 'that transaction' : `"${escapeMarkup(input.text)}"`;
    const data: ProposeRecategorizeData = {
      proposal_id: proposal?.id ?? null,
      expires_at: proposal?.expires_at ?? null,
      matched: draft.matched,
      listed: transactions.length,
      rule: input.rule,
      category: target,
    };
    const facts = proposal
      ? [
          `Proposed: ${count(transactions.length, 'transaction')} matching ${named} to ${target}${input.rule ? ', and a rule for future ones' : ''}. Nothing changes until you confirm.`,
        ]
      : [`No transaction matching ${named} would change: none was found outside ${target}.`];
    if (draft.matched > transactions.length) {
      facts.push(`Listed: the newest ${transactions.length} of the ${draft.matched} that match.`);
    }
    return {
      data,
      facts,
      blocks: [
        block('figures', { type: 'content', title: 'Re-categorise', content: facts.join('\n') }),
        ...(transactions.length > 0 ? [affectedTable(transactions)] : []),
      ],
      provenance: { accounts: draft.accounts, transactionCount: transactions.length },
    };
  },
} satisfies FinanceTool<'propose_recategorize'>;
