import { CHAT_LIMITS } from '@penny/contracts';
import { type ReactNode, type UIEvent, useLayoutEffect, useRef, useState } from 'react';
import { Button, cx } from '../../ui/index.ts';
import type { TurnProgress } from './chat-runtime.ts';
import type { ChatItem } from './chat-store.ts';
import { ErrorItem, MessageItem } from './message-items.tsx';
import { ProgressTracker } from './progress-tracker.tsx';

/** Items mounted at first; a 500-turn thread mounts only its newest ones (Open WebUI's lesson). */
export const MESSAGE_WINDOW = 60;
/** How many earlier items each 'Show earlier messages' (or a scroll to the top) adds. */
const WINDOW_STEP = 60;
/** Within this distance of the top, earlier items are added by themselves. */
const LOAD_EARLIER_PX = 80;

/** Whether the box is scrolled to within `threshold` px of its bottom. */
export function isNearBottom(box: HTMLElement, threshold = CHAT_LIMITS.autoScrollPx): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= threshold;
}

export type MessageListProps = {
  threadId: string;
  items: readonly ChatItem[];
  progress: TurnProgress | null;
  /** 'Error loading conversation: ...' */
  loadError: string | null;
  /** Shown when there are no items (empty thread, loading skeleton). */
  placeholder?: ReactNode;
  className?: string;
};

/**
 * The message list: a log (new items are announced politely), the turn in progress below it, and
 * auto-scroll only while the reader is within 150 px of the bottom (docs/product/chat.md, "Chat"). Long
 * threads mount a window of the newest items; earlier ones are added when the reader scrolls up, and items
 * off screen skip layout and paint (content-visibility).
 */
export function MessageList({
  threadId,
  items,
  progress,
  loadError,
  placeholder,
  className,
}: MessageListProps) {
  const boxRef = useRef<HTMLElement>(null);
  const nearBottom = useRef(true);
  const [windowSize, setWindowSize] = useState(MESSAGE_WINDOW);
  /** The scroll height before earlier items were added, to keep the reader's place. */
  const anchor = useRef<number | null>(null);

  // A new thread starts at its newest messages, scrolled to the bottom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the thread changes on purpose.
  useLayoutEffect(() => {
    setWindowSize(MESSAGE_WINDOW);
    nearBottom.current = true;
    const box = boxRef.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [threadId]);

  const hidden = Math.max(0, items.length - windowSize);
  const shown = hidden > 0 ? items.slice(hidden) : items;

  // Follow new content only when the reader was near the bottom before it arrived.
  // biome-ignore lint/correctness/useExhaustiveDependencies: these are the changes that add content.
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    if (anchor.current !== null) {
      box.scrollTop += box.scrollHeight - anchor.current;
      anchor.current = null;
      return;
    }
    if (nearBottom.current) box.scrollTop = box.scrollHeight;
  }, [items.length, progress?.actions, progress?.text, progress !== null, loadError, windowSize]);

  function showEarlier() {
    const box = boxRef.current;
    anchor.current = box ? box.scrollHeight : null;
    setWindowSize((size) => size + WINDOW_STEP);
  }

  function onScroll(event: UIEvent<HTMLElement>) {
    const box = event.currentTarget;
    nearBottom.current = isNearBottom(box);
    if (hidden > 0 && box.scrollTop <= LOAD_EARLIER_PX && anchor.current === null) showEarlier();
  }

  return (
    <section
      ref={boxRef}
      onScroll={onScroll}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
      tabIndex={0}
      aria-label="Conversation"
      className={cx('min-h-0 flex-1 overflow-y-auto overscroll-contain focus-visible:outline-2', className)}
    >
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
        {hidden > 0 ? (
          <div className="flex justify-center">
            <Button variant="ghost" size="sm" onClick={showEarlier}>
              Show earlier messages
            </Button>
          </div>
        ) : null}
        <div role="log" aria-label="Messages" className="flex flex-col gap-4">
          {shown.map((item) => (
            <div
              key={item.id}
              data-chat-item={item.type}
              className="[contain-intrinsic-size:auto_96px] [content-visibility:auto]"
            >
              <MessageItem item={item} />
            </div>
          ))}
          {loadError ? <ErrorItem message={loadError} /> : null}
        </div>
        {items.length === 0 && !progress && !loadError ? placeholder : null}
        {progress ? <ProgressTracker key={progress.queryId} progress={progress} /> : null}
      </div>
    </section>
  );
}
