import { chatMessages } from '@penny/contracts';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TurnProgress } from './chat-runtime.ts';
import { ProgressTracker, stepAt } from './progress-tracker.tsx';

function progress(overrides: Partial<TurnProgress> = {}): TurnProgress {
  return {
    queryId: 'query-1',
    startedAt: Date.now(),
    actions: [],
    actionStartedAt: {},
    actionEndedAt: {},
    text: '',
    dsl: null,
    ...overrides,
  };
}

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('progress tracker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('advances through the six steps every 2 s and stays on the last', () => {
    render(<ProgressTracker progress={progress()} />);
    const status = screen.getByRole('status');
    const seen = [status.textContent];
    for (let step = 1; step < 7; step++) {
      advance(2000);
      seen.push(status.textContent);
    }
    expect(seen).toEqual([...chatMessages.progressSteps, 'Generating response']);
    expect(screen.getByRole('progressbar', { name: 'Analysis progress' })).toHaveAttribute(
      'aria-valuenow',
      '6',
    );
    expect(stepAt(1999)).toBe(0);
    expect(stepAt(2000)).toBe(1);
    expect(stepAt(60_000)).toBe(5);
  });

  it("the first action's description replaces the step text", () => {
    const { rerender } = render(<ProgressTracker progress={progress()} />);
    advance(2000);
    expect(screen.getByRole('status')).toHaveTextContent('Analyzing request');
    const started = progress().startedAt - 2000;
    rerender(
      <ProgressTracker
        progress={progress({
          startedAt: started,
          actions: [{ id: 'a1', status: 'started', description: 'Reading your transactions' }],
        })}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Reading your transactions');
    advance(4000);
    expect(screen.getByRole('status')).toHaveTextContent('Reading your transactions');
    // The running action shows in its AI Thought Process panel with the streaming style.
    const panel = screen.getByRole('button', { name: /AI Thought Process/ }).parentElement;
    expect(panel).toHaveAttribute('data-streaming', 'true');
  });

  it('shows the answer as it is written', () => {
    render(<ProgressTracker progress={progress({ text: 'You spent $4' })} />);
    expect(screen.getByText('You spent $4')).toBeInTheDocument();
  });

  it('shows a patience message after 15 s', () => {
    render(<ProgressTracker progress={progress()} />);
    advance(14_900);
    expect(screen.queryByText(/longer than usual/)).toBeNull();
    advance(200);
    expect(screen.getByRole('status')).toHaveTextContent(/longer than usual/);
  });
});
