import { AlertTriangle } from 'lucide-react';
import { memo } from 'react';
import type { ChatItem } from './chat-store.ts';
import { CompletedTracker } from './progress-tracker.tsx';
import { ThoughtProcessPanel } from './thought-process.tsx';

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

/**
 * The answer's prose: paragraphs, and the agent's '- ' lines as a real list (the same text the result
 * card renders with the content markup).
 */
function AnswerText({ text }: { text: string }) {
  // Consecutive '- ' paragraphs form one list; keys are the text itself (an answer's lines differ).
  const blocks: Array<{ key: string; lines: string[]; list: boolean }> = [];
  for (const paragraph of text.split(/\n{2,}/)) {
    const list = paragraph.startsWith('- ');
    const last = blocks.at(-1);
    if (list && last?.list) last.lines.push(paragraph.slice(2));
    else
      blocks.push({
        key: `${blocks.length}:${paragraph}`,
        lines: [list ? paragraph.slice(2) : paragraph],
        list,
      });
  }
  return (
    <div className="flex flex-col gap-2 text-sm leading-relaxed break-words text-text">
      <span className="sr-only">Penny: </span>
      {blocks.map((block) =>
        block.list ? (
          <ul key={block.key} className="flex list-disc flex-col gap-1 pl-5">
            {block.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          <p key={block.key} className="whitespace-pre-wrap">
            {block.lines[0]}
          </p>
        ),
      )}
    </div>
  );
}

/** A finished turn: 'Analysis complete' / 'Ready', one AI Thought Process panel per action, the answer. */
function ActionsItem({ item }: { item: ChatItem }) {
  const actions = item.agent_actions ?? [];
  return (
    <div className="flex flex-col gap-2">
      {actions.length > 0 ? (
        <>
          <CompletedTracker />
          {actions.map((action, index) => (
            <ThoughtProcessPanel key={action.id ?? index} action={action} />
          ))}
        </>
      ) : null}
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
