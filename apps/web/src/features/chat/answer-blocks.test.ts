import { describe, expect, it } from 'vitest';
import { answerBlocks } from './answer-blocks.ts';

describe('answerBlocks', () => {
  it('leads with the first amount, cut from the first sentence without changing a word', () => {
    const blocks = answerBlocks(
      "- Groceries in October 2026: $484.63 across 5 transactions.\n\n- Trader Joe's: $251.91 (3 transactions, 52%).\n\n- Kroger: $193.20 (1 transaction, 39.9%).\n\nBased on 5 transactions from your Cash Rewards Visa, in October 2026.",
    );
    expect(blocks).toEqual([
      {
        kind: 'lead',
        before: 'Groceries in October 2026:',
        figure: '$484.63',
        after: 'across 5 transactions.',
      },
      {
        kind: 'bullets',
        items: ["Trader Joe's: $251.91 (3 transactions, 52%).", 'Kroger: $193.20 (1 transaction, 39.9%).'],
      },
      { kind: 'note', text: 'Based on 5 transactions from your Cash Rewards Visa, in October 2026.' },
    ]);
  });

  it('renders a ranked list as a numbered list, not bullets holding "1."', () => {
    const blocks = answerBlocks(
      '- The 5 largest payments in October 2026, out of 77 transactions:\n\n- 1. October 1, 2026: Avalon Communities, $2,675.00 (Rent).\n\n- 2. October 21, 2026: Hilton, $766.79 (Lodging).',
    );
    expect(blocks).toEqual([
      { kind: 'paragraph', text: 'The 5 largest payments in October 2026, out of 77 transactions:' },
      {
        kind: 'numbered',
        start: 1,
        items: [
          'October 1, 2026: Avalon Communities, $2,675.00 (Rent).',
          'October 21, 2026: Hilton, $766.79 (Lodging).',
        ],
      },
    ]);
  });

  it('never ends the lead figure in a colon: its own line sets off what follows', () => {
    expect(answerBlocks('Your net worth on 2026-11-27 is $103,066.23: $104,817.27 in assets.')[0]).toEqual({
      kind: 'lead',
      before: 'Your net worth on 2026-11-27 is',
      figure: '$103,066.23',
      after: '$104,817.27 in assets.',
    });
    for (const text of [
      'Your net worth on December 7, 2026 is $76,342.29: $79,351.29 in assets minus $3,009.00 owed.',
      'You have 3 linked accounts with a combined balance of $1,234.56:: $2,000.00 in assets.',
      'Spent so far is $42.10!: more than last month.',
    ]) {
      const lead = answerBlocks(text)[0];
      expect(lead?.kind).toBe('lead');
      expect(lead?.kind === 'lead' && lead.figure).not.toMatch(/:$/);
    }
  });

  it('keeps other punctuation after the figure with it', () => {
    expect(answerBlocks('Your net worth on 2026-11-27 is $103,066.23, up $12.00.')[0]).toEqual({
      kind: 'lead',
      before: 'Your net worth on 2026-11-27 is',
      figure: '$103,066.23,',
      after: 'up $12.00.',
    });
  });

  it('keeps a signed amount whole and leaves answers without an amount as paragraphs', () => {
    expect(answerBlocks('Your change is -$1,751.04 this month.')[0]).toEqual({
      kind: 'lead',
      before: 'Your change is',
      figure: '-$1,751.04',
      after: 'this month.',
    });
    expect(answerBlocks('Rent was $1,800.')[0]).toEqual({
      kind: 'lead',
      before: 'Rent was',
      figure: '$1,800.',
      after: '',
    });
    expect(answerBlocks('No crypto wallets are linked.')).toEqual([
      { kind: 'paragraph', text: 'No crypto wallets are linked.' },
    ]);
  });
});
