import { type AgentAction, actionTone, chatMessages, NOTHING_FOUND_STATUS } from '@penny/contracts';
import { AlertTriangle, Ban, CheckCircle2, ChevronDown, HelpCircle, SearchX } from 'lucide-react';
import { type ComponentType, useId, useState } from 'react';
import { cx } from '../../ui/index.ts';
import { shownDuration, ThoughtProcessPanel } from './thought-process.tsx';

/**
 * A finished turn's steps as one line until opened: how the turn went, what its main step read, how many
 * steps it took; opened, one AI Thought Process panel per agent action (docs/product/chat.md, "AI Thought
 * Process panel"). The finished tracker's 'Analysis complete' and 'Ready' head the line only when the
 * analysis did complete: never over a failed step, a refusal or a question asked back.
 */

export type TurnVerdict = 'done' | 'nothing_found' | 'asked' | 'declined' | 'failed';

type VerdictView = {
  title: string;
  word: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  tone: 'red' | 'amber' | 'green';
};

const VERDICTS = {
  done: { title: chatMessages.analysisComplete, word: 'Done', icon: CheckCircle2, tone: 'green' },
  nothing_found: {
    title: chatMessages.analysisComplete,
    word: 'Nothing found',
    icon: SearchX,
    tone: 'green',
  },
  asked: { title: 'Waiting for your answer', word: 'Asked back', icon: HelpCircle, tone: 'amber' },
  declined: { title: 'Not answered', word: 'Declined', icon: Ban, tone: 'red' },
  failed: { title: 'A step failed', word: 'Failed', icon: AlertTriangle, tone: 'red' },
} as const satisfies Record<TurnVerdict, VerdictView>;

const TONE_TEXT = {
  red: 'text-negative',
  amber: 'text-warning',
  green: 'text-positive',
} as const satisfies Record<VerdictView['tone'], string>;

const isBlocked = (action: AgentAction) => action.status.trim().toLowerCase() === 'blocked';
const isNothingFound = (action: AgentAction) => action.status.trim().toLowerCase() === NOTHING_FOUND_STATUS;

/**
 * How the turn went, from its steps, the worst first: a failed step, a refusal, a question asked back,
 * tools that all read nothing, or done.
 */
export function turnVerdict(actions: readonly AgentAction[]): TurnVerdict {
  if (actions.some((a) => actionTone(a.status) === 'red' && !isBlocked(a))) return 'failed';
  if (actions.some(isBlocked)) return 'declined';
  if (actions.some((a) => actionTone(a.status) === 'amber')) return 'asked';
  const tools = actions.filter((a) => a.tool);
  if (tools.length > 0 && tools.every(isNothingFound)) return 'nothing_found';
  return 'done';
}

/** The step the line speaks of: the failed one when one failed, else the last tool step, else the last. */
export function leadStep(actions: readonly AgentAction[]): AgentAction | undefined {
  const failed = actions.find((a) => actionTone(a.status) === 'red' && !isBlocked(a));
  if (failed) return failed;
  return actions.findLast((a) => a.tool) ?? actions.at(-1);
}

/**
 * The least width of the line's end (the summary, a shown verdict and the chevron, which wrap as one)
 * before it goes to a line of its own: the summary's first part, what the step read ('Crypto balances'
 * of 'Crypto balances · 2 accounts'), at a generous 0.6 em a character, so that part is never cut (the
 * period and the count after it are cut first), then the verdict's word at its smaller size and the
 * chevron, each with its gap.
 */
export function summaryMinWidth(summary: string, word?: string): string {
  const head = summary.split(' · ')[0]?.trim() ?? '';
  const em = head.length * 0.6 + (word ? word.length * 0.5 + 0.6 : 0) + 1.75;
  return `min(${Math.ceil(em * 10) / 10}em, 100%)`;
}

/** The turn's time: its steps one after another, in seconds. */
export function totalSeconds(actions: readonly AgentAction[]): number | undefined {
  const times = actions.map((a) => a.processing_time).filter((t): t is number => t !== undefined);
  return times.length > 0 ? times.reduce((sum, t) => sum + t, 0) : undefined;
}

export function ThoughtProcessGroup({ actions }: { actions: readonly AgentAction[] }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const verdictKey = turnVerdict(actions);
  const verdict = VERDICTS[verdictKey];
  const lead = leadStep(actions);
  const line = lead ? lead.summary?.trim() || lead.description : '';
  const duration = shownDuration(totalSeconds(actions));
  const Icon = verdict.icon;
  const shownWord = verdictKey === 'nothing_found' ? verdict.word : undefined;
  const steps = `${actions.length === 1 ? '1 step' : `${actions.length} steps`}${duration ? ` (${duration})` : ''}`;
  return (
    <div data-testid="thought-process-group" data-verdict={verdict.word}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((was) => !was)}
        title={steps}
        // Wraps only when the summary's first part does not fit beside the title (a phone's 'Nothing
        // found' line): the line's end then takes a line of its own rather than cutting it to a few letters.
        className="flex w-full min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 rounded-lg py-1 text-left text-sm hover:bg-surface-raised"
      >
        <Icon aria-hidden="true" className={cx('size-4 shrink-0', TONE_TEXT[verdict.tone])} />
        <span className="shrink-0 font-medium text-text">{verdict.title}</span>
        {/* 'Ready' goes with 'Analysis complete' (the finished tracker): never beside a failed step, a
            refusal or a question asked back, which are not ready answers. */}
        {verdict.title === chatMessages.analysisComplete ? (
          <span className="shrink-0 rounded-full border border-border px-2 py-0.5 text-xs font-medium text-text-muted">
            {chatMessages.ready}
          </span>
        ) : null}
        <span
          style={{ minWidth: summaryMinWidth(line, shownWord) }}
          className="flex flex-1 basis-0 items-center gap-2"
        >
          <span data-step-summary="" className="min-w-0 flex-1 truncate text-text-muted">
            {line}
          </span>
          {/* The other verdicts are in the title; this one is not, and must not read as done. */}
          {shownWord ? (
            <span className="shrink-0 text-xs font-medium text-text-muted">{shownWord}</span>
          ) : (
            <span className="sr-only">, {verdict.word}</span>
          )}
          {/* The count and the time are in the panels once opened; the line keeps its width for the summary. */}
          <span className="sr-only">, {steps}</span>
          <ChevronDown
            aria-hidden="true"
            className={cx(
              'size-4 shrink-0 text-text-muted transition-transform motion-reduce:transition-none',
              open && 'rotate-180',
            )}
          />
        </span>
      </button>
      <div id={bodyId} hidden={!open} className="mt-1 flex flex-col gap-1.5">
        {actions.map((action, index) => (
          <ThoughtProcessPanel key={action.id ?? index} action={action} />
        ))}
      </div>
    </div>
  );
}
