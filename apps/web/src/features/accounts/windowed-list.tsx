import { type ReactNode, type UIEvent, useEffect, useRef, useState } from 'react';

export type WindowedListProps<T> = {
  items: readonly T[];
  /** Every row is this tall (px): positions are computed, not measured. */
  rowHeight: number;
  /** The scroll box's height (px). */
  height: number;
  /** Rows rendered beyond the visible ones, above and below. */
  overscan?: number;
  itemKey: (item: T) => string;
  renderRow: (item: T, index: number) => ReactNode;
  /** Called when the last rows come into view (load the next page). */
  onEndReached?: () => void;
  label: string;
  /** Rows in total when more are known to exist than loaded (for aria-setsize); -1 when unknown. */
  totalCount?: number;
  /** The rows shown are about to be replaced (announced as aria-busy). */
  busy?: boolean;
};

/**
 * A list that renders only the rows in view (plus a few), so 10,000 rows scroll as smoothly as 10.
 * Rows keep their list semantics: each one announces its place with aria-posinset / aria-setsize.
 */
export function WindowedList<T>({
  items,
  rowHeight,
  height,
  overscan = 8,
  itemKey,
  renderRow,
  onEndReached,
  label,
  totalCount,
  busy = false,
}: WindowedListProps<T>) {
  const [scrollTop, setScrollTop] = useState(0);
  const boxRef = useRef<HTMLElement>(null);
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const visible = Math.ceil(height / rowHeight) + overscan * 2;
  const last = Math.min(items.length, first + visible);
  const endReached = last >= items.length - overscan;
  const onEndRef = useRef(onEndReached);
  onEndRef.current = onEndReached;

  useEffect(() => {
    if (endReached && items.length > 0) onEndRef.current?.();
  }, [endReached, items.length]);

  function onScroll(event: UIEvent<HTMLElement>) {
    setScrollTop(event.currentTarget.scrollTop);
  }

  return (
    <section
      ref={boxRef}
      onScroll={onScroll}
      className="overflow-y-auto overscroll-contain"
      style={{ height }}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      aria-label={label}
      aria-busy={busy || undefined}
    >
      <ul className="relative" style={{ height: items.length * rowHeight }}>
        {items.slice(first, last).map((item, offset) => {
          const index = first + offset;
          return (
            <li
              key={itemKey(item)}
              aria-posinset={index + 1}
              aria-setsize={totalCount ?? items.length}
              className="absolute inset-x-0"
              style={{ top: index * rowHeight, height: rowHeight }}
            >
              {renderRow(item, index)}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
