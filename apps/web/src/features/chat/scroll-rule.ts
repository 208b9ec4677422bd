/**
 * Where the message list scrolls (docs/decisions/0016-the-chat-keeps-the-answer-in-view.md):
 *
 * - `end`: a thread just opened, or the reader went back to within 150 px of the bottom
 *   (docs/product/chat.md, "Chat"): follow the bottom as content arrives.
 * - `turn`: the reader just sent a question. While the answer streams, follow it, but never so far that
 *   the question leaves the top; once the answer is in, keep the question at the top if the answer's
 *   first line fits below it, else bring the answer's start to the top (never the bottom of a long one).
 * - `free`: the reader scrolled up to read: nothing moves.
 */

export type FollowMode = 'end' | 'turn' | 'free';

/** Positions in the scrolled content's coordinates (0 is its top), in px. */
export type ScrollLayout = {
  scrollHeight: number;
  clientHeight: number;
  /** The newest question's top edge. */
  questionTop?: number;
  /** The newest answer, once it is in: its top edge and the bottom of its first line. */
  answer?: { top: number; firstLineBottom: number };
};

/** Room left above what is brought to the top, and below the answer's first line. */
export const SCROLL_MARGIN_PX = 16;

/** The scrollTop the mode asks for, or null when the view must stay where the reader put it. */
export function scrollTarget(mode: FollowMode, layout: ScrollLayout): number | null {
  if (mode === 'free') return null;
  const bottom = Math.max(0, layout.scrollHeight - layout.clientHeight);
  if (mode === 'end' || layout.questionTop === undefined) return bottom;
  const questionAtTop = layout.questionTop - SCROLL_MARGIN_PX;
  let target = questionAtTop;
  const { answer } = layout;
  if (answer && answer.firstLineBottom + SCROLL_MARGIN_PX > questionAtTop + layout.clientHeight) {
    target = answer.top - SCROLL_MARGIN_PX;
  }
  return Math.min(bottom, Math.max(0, target));
}

/** After the reader scrolls: follow the bottom again when they are near it, else leave them be. */
export function modeAfterReaderScroll(distanceFromBottom: number, thresholdPx: number): FollowMode {
  return distanceFromBottom <= thresholdPx ? 'end' : 'free';
}
