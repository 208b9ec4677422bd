import { ACTION_STATUS_ALIASES, type AgentAction } from '@penny/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatProcessingTime, shownDuration, statusLabel, ThoughtProcessPanel } from './thought-process.tsx';

const read: AgentAction = {
  id: 'a1',
  status: 'completed',
  description: 'Read 214 transactions from your checking account',
  symbol: '📊',
  processing_time: 1.234,
  summary: 'Spending by category · October 2026 · 214 transactions',
};

function panelOf(button: HTMLElement): HTMLElement {
  return button.parentElement as HTMLElement;
}

describe('AI Thought Process panel', () => {
  it("is collapsed at first; a click shows 'What I did:' and the description, another hides them", async () => {
    render(<ThoughtProcessPanel action={read} />);
    const toggle = screen.getByRole('button', { name: /AI Thought Process/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Collapsed, the line says what the step read.
    expect(toggle).toHaveTextContent('Spending by category · October 2026 · 214 transactions');
    expect(screen.getByText('What I did:')).not.toBeVisible();
    const user = userEvent.setup();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('What I did:')).toBeVisible();
    expect(screen.getByText(read.description)).toBeVisible();
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toBeVisible();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the duration in brackets with one decimal and s, and the action symbol', () => {
    render(<ThoughtProcessPanel action={read} />);
    const toggle = screen.getByRole('button', { name: /AI Thought Process/ });
    expect(toggle).toHaveTextContent('(1.2s)');
    expect(toggle).toHaveTextContent('📊');
    expect(formatProcessingTime(0)).toBe('0.0s');
    expect(formatProcessingTime(12.96)).toBe('13.0s');
  });

  it('leaves out a time under 0.1 s rather than showing (0.0s)', () => {
    render(<ThoughtProcessPanel action={{ ...read, processing_time: 0.013 }} />);
    expect(screen.getByRole('button', { name: /AI Thought Process/ }).textContent).not.toMatch(/\(/);
    expect(shownDuration(0.013)).toBeNull();
    expect(shownDuration(undefined)).toBeNull();
    expect(shownDuration(0.148)).toBe('0.1s');
  });

  it('shows the description on the line when the step has no summary (a turn saved before summaries)', () => {
    render(
      <ThoughtProcessPanel action={{ status: 'completed', description: 'Totalling spending in October' }} />,
    );
    expect(screen.getByRole('button', { name: /AI Thought Process/ })).toHaveTextContent(
      'Totalling spending in October',
    );
  });

  it('falls back to the brain emoji and shows no brackets without a time', () => {
    render(<ThoughtProcessPanel action={{ status: 'running', description: 'Thinking' }} />);
    const toggle = screen.getByRole('button', { name: /AI Thought Process/ });
    expect(toggle).toHaveTextContent('🧠');
    expect(toggle.textContent).not.toMatch(/\(/);
  });

  const tones: Array<[string, 'red' | 'amber' | 'green', string]> = [
    ['completed', 'green', 'Done'],
    ['passed', 'green', 'Done'],
    ['success', 'green', 'Done'],
    ['error', 'red', 'Failed'],
    ['failed', 'red', 'Failed'],
    ['blocked', 'red', 'Declined'],
    ['failure', 'red', 'Failed'],
    ['started', 'green', 'Running'],
    ['processing', 'green', 'Running'],
    ['running', 'green', 'Running'],
    ['in_progress', 'green', 'Running'],
    ['created', 'green', 'Queued'],
    ['initialized', 'green', 'Queued'],
    ['clarification_needed', 'amber', 'Asked back'],
    ['BLOCKED', 'red', 'Declined'],
    ['nothing_found', 'green', 'Nothing found'],
    ['skipped', 'green', 'skipped'],
  ];

  it('covers every status named in docs/product/chat.md, "Action status"', () => {
    const named = new Set(tones.map(([status]) => status));
    for (const status of Object.keys(ACTION_STATUS_ALIASES)) expect(named).toContain(status);
  });

  it.each(tones)('colours %s %s and says %s in words (not colour alone)', (status, tone, label) => {
    render(<ThoughtProcessPanel action={{ status, description: 'Step' }} />);
    const toggle = screen.getByRole('button', { name: /AI Thought Process/ });
    expect(panelOf(toggle)).toHaveAttribute('data-tone', tone);
    expect(toggle).toHaveTextContent(label);
    expect(statusLabel(status)).toBe(label);
  });

  it('has a streaming style while the action runs', () => {
    render(<ThoughtProcessPanel action={{ status: 'running', description: 'Step' }} streaming />);
    const panel = panelOf(screen.getByRole('button', { name: /AI Thought Process/ }));
    expect(panel).toHaveAttribute('data-streaming', 'true');
    expect(panel).toHaveAttribute('aria-busy', 'true');
  });
});
