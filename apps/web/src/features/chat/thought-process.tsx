import {
  type ActionStatusKind,
  type AgentAction,
  actionTone,
  chatMessages,
  NOTHING_FOUND_STATUS,
  normalizeActionStatus,
} from '@penny/contracts';
import { ChevronDown } from 'lucide-react';
import { memo, useId, useState } from 'react';
import { cx } from '../../ui/index.ts';

/** Words for each normalised status, so the colour never carries the meaning alone. */
const STATUS_LABELS = {
  passed: 'Done',
  error: 'Failed',
  started: 'Running',
  created: 'Queued',
  clarification: 'Asked back',
} as const satisfies Record<ActionStatusKind, string>;

/**
 * Raw statuses whose word says more than their normalised kind: a refusal is 'blocked' (red, as an error
 * is) but nothing failed; a step that read nothing is not done.
 */
const RAW_STATUS_LABELS: Readonly<Record<string, string>> = {
  blocked: 'Declined',
  [NOTHING_FOUND_STATUS]: 'Nothing found',
};

/**
 * docs/product/chat.md, "AI Thought Process panel": red for error or blocked, amber for clarification, green
 * otherwise.
 */
const TONE_CLASSES = {
  red: { border: 'border-negative/50', text: 'text-negative', dot: 'bg-negative' },
  amber: { border: 'border-warning/50', text: 'text-warning', dot: 'bg-warning' },
  green: { border: 'border-positive/40', text: 'text-positive', dot: 'bg-positive' },
} as const satisfies Record<ReturnType<typeof actionTone>, { border: string; text: string; dot: string }>;

/** The status as shown: a telling raw status's word, the normalised kind's word, or the raw status. */
export function statusLabel(status: string): string {
  const raw = status.trim().toLowerCase();
  if (Object.hasOwn(RAW_STATUS_LABELS, raw)) return RAW_STATUS_LABELS[raw] ?? status;
  const kind = normalizeActionStatus(status);
  return Object.hasOwn(STATUS_LABELS, kind) ? STATUS_LABELS[kind as ActionStatusKind] : status;
}

/**
 * Seconds with one decimal followed by s (docs/product/chat.md, "AI Thought Process panel"): 2.345 -> '2.3s'.
 */
export function formatProcessingTime(seconds: number): string {
  return `${seconds.toFixed(1)}s`;
}

/** Below this a time says nothing ('0.0s'): the duration is optional, so it is left out. */
const SHOWN_FROM_SECONDS = 0.1;

/** The duration to show in brackets, or null when there is none or it is under 0.1 s. */
export function shownDuration(seconds: number | undefined): string | null {
  if (seconds === undefined || seconds < SHOWN_FROM_SECONDS) return null;
  return formatProcessingTime(seconds);
}

export type ThoughtProcessPanelProps = {
  action: AgentAction;
  /** The action is still running: the streaming style. */
  streaming?: boolean;
  defaultExpanded?: boolean;
};

/**
 * One agent action, collapsed or expanded by a click on its header: the action's symbol (a brain by
 * default), 'AI Thought Process', what the step did (its summary, or its description), the duration in
 * brackets when it is worth showing, the status in words and its colour; expanded, 'What I did:' and the
 * description.
 */
export const ThoughtProcessPanel = memo(function ThoughtProcessPanel({
  action,
  streaming = false,
  defaultExpanded = false,
}: ThoughtProcessPanelProps) {
  const [expanded, setExpanded] = useState(defaultExpanded);
  const bodyId = useId();
  const tone = actionTone(action.status);
  const classes = TONE_CLASSES[tone];
  const symbol = action.symbol?.trim() || chatMessages.fallbackSymbol;
  const duration = shownDuration(action.processing_time);
  const line = action.summary?.trim() || action.description;
  return (
    <div
      data-tone={tone}
      data-streaming={streaming || undefined}
      aria-busy={streaming || undefined}
      className={cx(
        'rounded-lg border bg-surface',
        classes.border,
        streaming && 'animate-pulse border-dashed motion-reduce:animate-none',
      )}
    >
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={bodyId}
        onClick={() => setExpanded((open) => !open)}
        className="flex w-full min-w-0 flex-wrap items-center gap-x-2 rounded-lg px-3 py-1.5 text-left text-sm hover:bg-surface-raised"
      >
        <span aria-hidden="true" className="w-5 text-base leading-none">
          {symbol}
        </span>
        <span className="min-w-0 flex-1 truncate font-medium text-text">{chatMessages.thoughtProcess}</span>
        {duration ? <span className="amount shrink-0 text-text-muted">({duration})</span> : null}
        <span className={cx('flex shrink-0 items-center gap-1.5 text-xs font-medium', classes.text)}>
          <span aria-hidden="true" className={cx('size-2 rounded-full', classes.dot)} />
          {statusLabel(action.status)}
        </span>
        <ChevronDown
          aria-hidden="true"
          className={cx(
            'size-4 shrink-0 text-text-muted transition-transform motion-reduce:transition-none',
            expanded && 'rotate-180',
          )}
        />
        {/* What the step read, on its own line under the title: it is the part worth reading. */}
        <span data-testid="step-summary" className="order-last basis-full truncate pl-7 text-text-muted">
          {line}
        </span>
      </button>
      <div id={bodyId} hidden={!expanded} className="border-t border-border px-3 py-2 text-sm">
        <p className="font-medium text-text-muted">{chatMessages.whatIDid}</p>
        <p className="break-words whitespace-pre-wrap text-text">{action.description}</p>
      </div>
    </div>
  );
});
