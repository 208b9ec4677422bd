import { type KeyboardEvent, type PointerEvent, type RefObject, useCallback, useState } from 'react';

/**
 * Local key of the chat column's share of the width, in percent (docs/product/design.md, "Layout": remembered
 * locally).
 */
export const CHAT_SPLIT_STORAGE_KEY = 'penny.chatSplit';
/** docs/product/design.md, "Layout": chat and visualizations split about 40/60. */
export const DEFAULT_CHAT_SPLIT = 40;
const MIN_SPLIT = 25;
const MAX_SPLIT = 70;
const KEY_STEP = 5;

const clamp = (value: number) => Math.min(MAX_SPLIT, Math.max(MIN_SPLIT, Math.round(value)));

function readSplit(): number {
  try {
    const stored = Number(window.localStorage.getItem(CHAT_SPLIT_STORAGE_KEY));
    return Number.isFinite(stored) && stored > 0 ? clamp(stored) : DEFAULT_CHAT_SPLIT;
  } catch {
    return DEFAULT_CHAT_SPLIT;
  }
}

/** The chat column's share of the width, kept locally (a blocked storage only forgets it). */
export function useChatSplit(): [split: number, setSplit: (split: number) => void] {
  const [split, setState] = useState(readSplit);
  const setSplit = useCallback((next: number) => {
    const value = clamp(next);
    setState(value);
    try {
      window.localStorage.setItem(CHAT_SPLIT_STORAGE_KEY, String(value));
    } catch {
      // Not kept: the split still applies until the page is left.
    }
  }, []);
  return [split, setSplit];
}

export type SplitHandleProps = {
  value: number;
  onChange: (value: number) => void;
  /** The element both columns share, to turn a pointer position into a share. */
  containerRef: RefObject<HTMLElement | null>;
  controls: string;
};

/**
 * The bar between the chat and the visualizations: dragged with a pointer, or moved with the arrow
 * keys (Home and End for the limits). A focusable separator, as WAI-ARIA's window splitter.
 */
export function SplitHandle({ value, onChange, containerRef, controls }: SplitHandleProps) {
  function share(clientX: number): number {
    const box = containerRef.current?.getBoundingClientRect();
    if (!box || box.width === 0) return value;
    return ((clientX - box.left) / box.width) * 100;
  }
  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    event.currentTarget.setPointerCapture?.(event.pointerId);
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (event.currentTarget.hasPointerCapture?.(event.pointerId)) onChange(share(event.clientX));
  }
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const next = {
      ArrowLeft: value - KEY_STEP,
      ArrowRight: value + KEY_STEP,
      Home: MIN_SPLIT,
      End: MAX_SPLIT,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onChange(next);
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable, movable separator (window splitter) is not an <hr>.
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize chat and visualizations"
      aria-controls={controls}
      aria-valuenow={value}
      aria-valuemin={MIN_SPLIT}
      aria-valuemax={MAX_SPLIT}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onKeyDown={onKeyDown}
      className="group relative w-px shrink-0 cursor-col-resize touch-none bg-border outline-none"
    >
      <span
        aria-hidden="true"
        className="absolute inset-y-0 -right-1 -left-1 transition-colors group-hover:bg-accent/40 group-focus-visible:bg-accent"
      />
    </div>
  );
}
