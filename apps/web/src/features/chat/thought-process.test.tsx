import { ACTION_STATUS_ALIASES, type AgentAction } from '@penny/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatProcessingTime, statusLabel, ThoughtProcessPanel } from './thought-process.tsx';

const read: AgentAction = {
  id: 'a1',
  status: 'completed',
  description: 'Read 214 transactions from your checking account',
  symbol: '📊',
  processing_time: 1.234,
};

function panelOf(button: HTMLElement): HTMLElement {
  return button.parentElement as HTMLElement;
}

describe('AI Thought Process panel', () => {
  it("is collapsed at first; a click shows 'What I did:' and the description, another hides them", async () => {
    render(<ThoughtProcessPanel action={read} />);
    const toggle = screen.getByRole('button', { name: /AI Thought Process/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
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
    ['blocked', 'red', 'Failed'],
    ['failure', 'red', 'Failed'],
    ['started', 'green', 'Running'],
    ['processing', 'green', 'Running'],
    ['running', 'green', 'Running'],
    ['in_progress', 'green', 'Running'],
    ['created', 'green', 'Queued'],
    ['initialized', 'green', 'Queued'],
    ['clarification_needed', 'amber', 'Needs clarification'],
    ['BLOCKED', 'red', 'Failed'],
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
