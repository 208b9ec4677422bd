import {
  CHAT_LIMITS,
  chatMessages,
  normalizeActionStatus,
  PATIENCE_AFTER_MS,
  visualizationPanelMessages,
} from '@penny/contracts';
import { Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ProgressSteps } from '../../ui/index.ts';
import type { TurnProgress } from './chat-runtime.ts';
import { ThoughtProcessPanel } from './thought-process.tsx';

const STEPS = chatMessages.progressSteps;

/** When, in ms since the start, the tracker next changes: the next step or the patience message. */
function nextChangeAt(elapsed: number): number | undefined {
  const nextStep = (Math.floor(elapsed / CHAT_LIMITS.progressStepMs) + 1) * CHAT_LIMITS.progressStepMs;
  const lastStepAt = (STEPS.length - 1) * CHAT_LIMITS.progressStepMs;
  const candidates = [
    nextStep <= lastStepAt ? nextStep : null,
    elapsed < PATIENCE_AFTER_MS ? PATIENCE_AFTER_MS : null,
  ];
  return candidates.filter((at): at is number => at !== null).sort((a, b) => a - b)[0];
}

/** Milliseconds since `startedAt`, re-read when the next step or the patience message is due. */
function useElapsed(startedAt: number): number {
  const [elapsed, setElapsed] = useState(() => Date.now() - startedAt);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = (now: number) => {
      const due = nextChangeAt(now);
      if (due !== undefined) timer = setTimeout(tick, Math.max(0, due - now));
    };
    function tick() {
      const now = Date.now() - startedAt;
      setElapsed(now);
      schedule(now);
    }
    schedule(Date.now() - startedAt);
    return () => clearTimeout(timer);
  }, [startedAt]);
  return elapsed;
}

/** The step shown after `elapsed` ms: one more every 2 s, staying on the last (0-based). */
export function stepAt(elapsed: number): number {
  return Math.min(STEPS.length - 1, Math.max(0, Math.floor(elapsed / CHAT_LIMITS.progressStepMs)));
}

/** The text of the step line: the step's name until actions arrive, then the running action's. */
export function progressText(progress: Pick<TurnProgress, 'actions'>, step: number): string {
  const { actions } = progress;
  if (actions.length === 0) return STEPS[step] ?? STEPS[0];
  const running = [...actions].reverse().find((action) => {
    const kind = normalizeActionStatus(action.status);
    return kind === 'started' || kind === 'created';
  });
  return (running ?? actions[actions.length - 1] ?? actions[0])?.description ?? STEPS[step] ?? '';
}

/**
 * The progress item (docs/product/chat.md, "Progress tracker" and "Progress steps"): the six steps advancing
 * every 2 s until the agent's actions arrive (their description replaces the step text), the actions as they
 * run, the answer as it is written, and a patience message after 15 s. The step line is a polite status
 * region.
 */
export function ProgressTracker({ progress }: { progress: TurnProgress }) {
  const elapsed = useElapsed(progress.startedAt);
  const step = stepAt(elapsed);
  const patient = elapsed >= PATIENCE_AFTER_MS;
  const text = progressText(progress, step);
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border bg-surface-raised p-4">
      <div role="status" className="flex flex-col gap-1">
        <p className="flex items-center gap-2 text-sm font-medium text-text">
          <Loader2
            aria-hidden="true"
            className="size-4 shrink-0 animate-spin text-accent motion-reduce:animate-none"
          />
          <span data-testid="progress-step">{text}</span>
        </p>
        {patient ? <p className="text-sm text-text-muted">{visualizationPanelMessages.patience}</p> : null}
      </div>
      <ProgressSteps
        current={progress.actions.length > 0 ? STEPS.length : step + 1}
        total={STEPS.length}
        label="Analysis progress"
      />
      {progress.actions.length > 0 ? (
        <div className="flex flex-col gap-2">
          {progress.actions.map((action, index) => {
            const kind = normalizeActionStatus(action.status);
            return (
              <ThoughtProcessPanel
                key={action.id ?? index}
                action={action}
                streaming={kind === 'started' || kind === 'created'}
              />
            );
          })}
        </div>
      ) : null}
      {progress.text ? (
        <p className="break-words whitespace-pre-wrap text-sm text-text" data-streaming="true">
          {progress.text}
          <span
            aria-hidden="true"
            className="ml-0.5 inline-block h-4 w-1.5 translate-y-0.5 animate-pulse bg-accent motion-reduce:animate-none"
          />
        </p>
      ) : null}
    </div>
  );
}
