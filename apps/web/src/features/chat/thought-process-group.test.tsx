import type { AgentAction } from '@penny/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  leadStep,
  summaryMinWidth,
  ThoughtProcessGroup,
  totalSeconds,
  turnVerdict,
} from './thought-process-group.tsx';

const reading: AgentAction = {
  id: 'reading',
  status: 'completed',
  description: 'Read your question',
  processing_time: 0.15,
};
const spending: AgentAction = {
  id: 'call-1',
  status: 'completed',
  description: 'Totalling spending on groceries in October 2026',
  tool: 'spending_by_category',
  summary: 'Groceries · October 2026 · 5 transactions',
  processing_time: 0.013,
};
const writing: AgentAction = {
  id: 'writing',
  status: 'completed',
  description: 'Wrote the answer',
  processing_time: 0.02,
};

describe('turnVerdict', () => {
  it('is done only when every step did its work', () => {
    expect(turnVerdict([reading, spending, writing])).toBe('done');
  });

  it('tells a failed step, a refusal, a question asked back and an empty read apart', () => {
    expect(turnVerdict([reading, { ...spending, status: 'error' }, writing])).toBe('failed');
    expect(
      turnVerdict([reading, { id: 'd', status: 'blocked', description: 'x', tool: 'decline_out_of_scope' }]),
    ).toBe('declined');
    expect(
      turnVerdict([
        reading,
        { id: 'a', status: 'clarification_needed', description: 'x', tool: 'ask_clarification' },
      ]),
    ).toBe('asked');
    expect(turnVerdict([reading, { ...spending, status: 'nothing_found' }, writing])).toBe('nothing_found');
  });
});

describe('leadStep and totalSeconds', () => {
  it('speak of the tool step (or the failed one) and add the steps’ times', () => {
    expect(leadStep([reading, spending, writing])).toBe(spending);
    const failed = { ...writing, status: 'error' };
    expect(leadStep([reading, spending, failed])).toBe(failed);
    expect(totalSeconds([reading, spending, writing])).toBeCloseTo(0.183);
    expect(totalSeconds([{ status: 'completed', description: 'old turn' }])).toBeUndefined();
  });
});

describe('ThoughtProcessGroup', () => {
  it('is one line until opened: the verdict, what the main step read, the steps; opened, one panel per step', async () => {
    render(<ThoughtProcessGroup actions={[reading, spending, writing]} />);
    const line = screen.getByRole('button', { name: /Analysis complete/ });
    expect(line).toHaveAttribute('aria-expanded', 'false');
    expect(line).toHaveTextContent('Ready');
    expect(line).toHaveTextContent('Groceries · October 2026 · 5 transactions');
    expect(line).toHaveTextContent('3 steps (0.2s)');
    expect(screen.queryAllByRole('button', { name: /AI Thought Process/ })).toHaveLength(0);
    await userEvent.setup().click(line);
    expect(line).toHaveAttribute('aria-expanded', 'true');
    const panels = screen.getAllByRole('button', { name: /AI Thought Process/ });
    expect(panels.map((panel) => panel.textContent)).toEqual([
      expect.stringContaining('Read your question'),
      expect.stringContaining('Groceries · October 2026 · 5 transactions'),
      expect.stringContaining('Wrote the answer'),
    ]);
  });

  it('says nothing was found on the line itself when every tool step read nothing', () => {
    render(<ThoughtProcessGroup actions={[reading, { ...spending, status: 'nothing_found' }, writing]} />);
    const line = screen.getByRole('button', { name: /Analysis complete/ });
    expect(within(line).getByText('Nothing found')).toBeVisible();
    expect(line).not.toHaveTextContent('Done');
  });

  it('keeps what a step read whole: the summary takes a line of its own before its first part is cut', () => {
    render(
      <ThoughtProcessGroup
        actions={[{ ...spending, status: 'nothing_found', summary: 'Crypto balances · 0 accounts' }]}
      />,
    );
    const line = screen.getByRole('button', { name: /Analysis complete/ });
    const summary = line.querySelector('[data-step-summary]');
    expect(summary).toHaveTextContent('Crypto balances · 0 accounts');
    // The summary, 'Nothing found' and the chevron go to a line of their own as one before 'Crypto
    // balances' (0.6 em a character) is cut; the period and count after it are what gets cut.
    expect(summary?.parentElement).toHaveStyle({ minWidth: 'min(17.9em, 100%)' });
    expect(summary?.parentElement).toHaveTextContent('Nothing found');
    expect(summaryMinWidth('Net worth · 3 accounts')).toBe('min(7.2em, 100%)');
    expect(summaryMinWidth('Asked you which you mean')).toBe('min(16.2em, 100%)');
  });

  it('never says complete over a failed step', () => {
    render(<ThoughtProcessGroup actions={[reading, { ...spending, status: 'error', summary: undefined }]} />);
    const line = screen.getByRole('button', { name: /A step failed/ });
    expect(line).not.toHaveTextContent('Analysis complete');
    expect(line).not.toHaveTextContent('Ready');
    expect(line).toHaveTextContent('Failed');
  });

  it('says Ready only beside Analysis complete: a question asked back is waiting, not ready', () => {
    render(
      <ThoughtProcessGroup
        actions={[
          reading,
          {
            id: 'a',
            status: 'clarification_needed',
            description: 'Asked which account',
            tool: 'ask_clarification',
          },
        ]}
      />,
    );
    const line = screen.getByRole('button', { name: /Waiting for your answer/ });
    expect(line).not.toHaveTextContent('Ready');
    expect(line).toHaveTextContent('Asked which account');
  });
});
