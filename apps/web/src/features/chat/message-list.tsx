import { CHAT_LIMITS } from '@penny/contracts';
import {
  type ReactNode,
  type UIEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Button, cx } from '../../ui/index.ts';
import type { TurnProgress } from './chat-runtime.ts';
import type { ChatItem } from './chat-store.ts';
import { ErrorItem, MessageItem } from './message-items.tsx';
import { ProgressTracker } from './progress-tracker.tsx';
import { type FollowMode, modeAfterReaderScroll, type ScrollLayout, scrollTarget } from './scroll-rule.ts';

/** Items mounted at first; a 500-turn thread mounts only its newest ones (Open WebUI's lesson). */
export const MESSAGE_WINDOW = 60;
/** How many earlier items each 'Show earlier messages' (or a scroll to the top) adds. */
const WINDOW_STEP = 60;
/** Within this distance of the top, earlier items are added by themselves. */
const LOAD_EARLIER_PX = 80;

/** How far the box is from its bottom, in px. */
function distanceFromBottom(box: HTMLElement): number {
  return box.scrollHeight - box.scrollTop - box.clientHeight;
}

/** Whether the box is scrolled to within `threshold` px of its bottom. */
export function isNearBottom(box: HTMLElement, threshold = CHAT_LIMITS.autoScrollPx): boolean {
  return distanceFromBottom(box) <= threshold;
}

/** Keys that scroll a focused list: the reader moving, not content arriving. */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

/** The newest turn's question and answer, measured in the box's content coordinates. */
function measure(box: HTMLElement, queryId: string | null): ScrollLayout {
  const layout: ScrollLayout = { scrollHeight: box.scrollHeight, clientHeight: box.clientHeight };
  if (!queryId) return layout;
  const origin = box.getBoundingClientRect().top - box.scrollTop;
  const items = [...box.querySelectorAll<HTMLElement>('[data-chat-item]')].filter(
    (element) => element.dataset.queryId === queryId,
  );
  const question = items.find((element) => element.dataset.chatItem === 'user');
  const answer = items.find((element) => element.dataset.chatItem !== 'user');
  if (question) layout.questionTop = question.getBoundingClientRect().top - origin;
  if (answer) {
    const firstLine = answer.querySelector('[data-answer-start] > :not(.sr-only)') ?? answer;
    layout.answer = {
      top: answer.getBoundingClientRect().top - origin,
      firstLineBottom: firstLine.getBoundingClientRect().bottom - origin,
    };
  }
  return layout;
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
  const contentRef = useRef<HTMLDivElement>(null);
  const mode = useRef<FollowMode>('end');
  /** The turn the reader last sent from here: its question and answer are kept in view. */
  const turnQuery = useRef<string | null>(null);
  /** The reader wheeled, touched, clicked, focused or pressed a scroll key since we last scrolled. */
  const readerMoved = useRef(false);
  const [windowSize, setWindowSize] = useState(MESSAGE_WINDOW);
  /** The scroll height before earlier items were added, to keep the reader's place. */
  const anchor = useRef<number | null>(null);

  const follow = useCallback(() => {
    const box = boxRef.current;
    if (!box) return;
    if (anchor.current !== null) {
      box.scrollTop += box.scrollHeight - anchor.current;
      anchor.current = null;
      return;
    }
    const target = scrollTarget(mode.current, measure(box, turnQuery.current));
    if (target === null || Math.abs(box.scrollTop - target) < 1) return;
    readerMoved.current = false;
    box.scrollTop = target;
  }, []);

  // A thread opens at its end, and stays there while its messages load and lay out.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the thread changes on purpose.
  useLayoutEffect(() => {
    setWindowSize(MESSAGE_WINDOW);
    mode.current = 'end';
    turnQuery.current = null;
    readerMoved.current = false;
    follow();
  }, [threadId]);

  // A question sent from here: keep it, then its answer's start, in view.
  const sentQuery = progress?.queryId ?? null;
  useLayoutEffect(() => {
    if (!sentQuery) return;
    mode.current = 'turn';
    turnQuery.current = sentQuery;
    readerMoved.current = false;
  }, [sentQuery]);

  const hidden = Math.max(0, items.length - windowSize);
  const shown = hidden > 0 ? items.slice(hidden) : items;

  // biome-ignore lint/correctness/useExhaustiveDependencies: these are the changes that add content.
  useLayoutEffect(follow, [
    items.length,
    progress?.actions,
    progress?.text,
    sentQuery,
    loadError,
    windowSize,
  ]);

  // Content also grows after React is done: items laid out late (content-visibility), fonts, wrapping.
  useEffect(() => {
    const content = contentRef.current;
    if (!content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => follow());
    observer.observe(content);
    return () => observer.disconnect();
  }, [follow]);

  function showEarlier() {
    const box = boxRef.current;
    anchor.current = box ? box.scrollHeight : null;
    setWindowSize((size) => size + WINDOW_STEP);
  }

  function onScroll(event: UIEvent<HTMLElement>) {
    const box = event.currentTarget;
    if (readerMoved.current) {
      mode.current = modeAfterReaderScroll(distanceFromBottom(box), CHAT_LIMITS.autoScrollPx);
    }
    if (hidden > 0 && box.scrollTop <= LOAD_EARLIER_PX && anchor.current === null) showEarlier();
  }

  // The reader is at work in the list (a wheel, a touch, a click, a key, a focus): from here on, where
  // they are decides; opening a step far up never pulls the view back to the newest turn.
  const readerMoves = () => {
    readerMoved.current = true;
    const box = boxRef.current;
    if (box) mode.current = modeAfterReaderScroll(distanceFromBottom(box), CHAT_LIMITS.autoScrollPx);
  };

  return (
    <section
      ref={boxRef}
      onScroll={onScroll}
      onWheel={readerMoves}
      onTouchMove={readerMoves}
      onPointerDown={readerMoves}
      onFocus={readerMoves}
      onKeyDown={(event) => {
        if (SCROLL_KEYS.has(event.key)) readerMoves();
      }}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
      tabIndex={0}
      aria-label="Conversation"
      className={cx('min-h-0 flex-1 overflow-y-auto overscroll-contain focus-visible:outline-2', className)}
    >
      <div ref={contentRef} className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
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
              data-query-id={item.query_id}
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
