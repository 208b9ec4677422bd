import { AlertTriangle } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { type AnswerBlock, answerBlocks } from './answer-blocks.ts';
import type { ChatItem } from './chat-store.ts';
import { ThoughtProcessGroup } from './thought-process-group.tsx';

/** The user's own message, on the right. */
function UserMessage({ item }: { item: ChatItem }) {
  return (
    <div className="flex justify-end">
      <p className="max-w-[85%] rounded-2xl rounded-br-md bg-accent/15 px-4 py-2.5 text-sm break-words whitespace-pre-wrap text-text">
        <span className="sr-only">You: </span>
        {item.message}
      </p>
    </div>
  );
}

const BLOCK_VIEWS = {
  lead: (block) => (
    <p className="flex flex-col gap-0.5">
      {block.before ? <span className="text-text-muted">{block.before}</span> : null}
      <span
        data-lead-figure=""
        className="amount text-2xl font-semibold text-text"
      >{` ${block.figure} `}</span>
      {block.after ? <span>{block.after}</span> : null}
    </p>
  ),
  paragraph: (block) => <p className="whitespace-pre-wrap">{block.text}</p>,
  bullets: (block) => (
    <ul className="flex list-disc flex-col gap-1 pl-5">
      {block.items.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  ),
  numbered: (block) => (
    <ol start={block.start} className="flex list-decimal flex-col gap-1 pl-6">
      {block.items.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ol>
  ),
  note: (block) => <p className="text-xs text-text-muted">{block.text}</p>,
} satisfies { [K in AnswerBlock['kind']]: (block: Extract<AnswerBlock, { kind: K }>) => ReactNode };

function BlockView({ block }: { block: AnswerBlock }) {
  const view = BLOCK_VIEWS[block.kind] as (block: AnswerBlock) => ReactNode;
  return view(block);
}

/**
 * The answer's prose, its first line marked as the answer's start (the message list brings it into view):
 * the figure that answers the question large, then paragraphs and real bulleted and numbered lists.
 */
function AnswerText({ text }: { text: string }) {
  const blocks = answerBlocks(text);
  return (
    <div data-answer-start="" className="flex flex-col gap-2 text-sm leading-relaxed break-words text-text">
      <span className="sr-only">Penny: </span>
      {blocks.map((block, index) => (
        // The blocks of one answer never reorder: the position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <BlockView key={index} block={block} />
      ))}
    </div>
  );
}

/** A finished turn: its steps as one line until opened, then the answer. */
function ActionsItem({ item }: { item: ChatItem }) {
  const actions = item.agent_actions ?? [];
  return (
    <div className="flex flex-col gap-2">
      {actions.length > 0 ? <ThoughtProcessGroup actions={actions} /> : null}
      {item.answer ? <AnswerText text={item.answer} /> : null}
    </div>
  );
}

/** 'Error: {message}' (docs/product/chat.md, "Conversation errors"). */
export function ErrorItem({ message }: { message: string }) {
  return (
    <p className="flex items-start gap-2 rounded-xl border border-negative/50 bg-surface px-4 py-3 text-sm text-text">
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-negative" />
      <span className="break-words">{message}</span>
    </p>
  );
}

/** One item of the message list, by its type. Memoised: a streaming turn re-renders only itself. */
export const MessageItem = memo(function MessageItem({ item }: { item: ChatItem }) {
  switch (item.type) {
    case 'user':
      return <UserMessage item={item} />;
    case 'actions':
      return <ActionsItem item={item} />;
    case 'error':
      return <ErrorItem message={item.message} />;
    case 'progress':
      // In-progress turns are drawn by the ProgressTracker from the runtime state.
      return null;
  }
});
