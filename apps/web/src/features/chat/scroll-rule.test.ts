import { describe, expect, it } from 'vitest';
import { modeAfterReaderScroll, SCROLL_MARGIN_PX, scrollTarget } from './scroll-rule.ts';

/** A 600 px high list over 3000 px of content: the bottom is at 2400. */
const BOX = { scrollHeight: 3000, clientHeight: 600 };

describe('scrollTarget', () => {
  it('leaves a reader who scrolled up where they are', () => {
    expect(scrollTarget('free', { ...BOX, questionTop: 2000 })).toBeNull();
  });

  it('opens a thread at its end', () => {
    expect(scrollTarget('end', BOX)).toBe(2400);
    expect(scrollTarget('end', { scrollHeight: 300, clientHeight: 600 })).toBe(0);
  });

  it('follows a streaming answer to the bottom while the question still shows', () => {
    expect(scrollTarget('turn', { ...BOX, questionTop: 2700 })).toBe(2400);
  });

  it('stops following a long streaming answer once the question would leave the top', () => {
    expect(scrollTarget('turn', { ...BOX, questionTop: 1200 })).toBe(1200 - SCROLL_MARGIN_PX);
  });

  it('keeps the question at the top when the answer’s first line fits below it', () => {
    const layout = { ...BOX, questionTop: 1200, answer: { top: 1300, firstLineBottom: 1500 } };
    expect(scrollTarget('turn', layout)).toBe(1200 - SCROLL_MARGIN_PX);
  });

  it('brings the start of a long answer to the top, never its bottom, when both do not fit', () => {
    const layout = { ...BOX, questionTop: 600, answer: { top: 1300, firstLineBottom: 1400 } };
    const target = scrollTarget('turn', layout);
    expect(target).toBe(1300 - SCROLL_MARGIN_PX);
    // The answer's first line is inside the view.
    expect(layout.answer.firstLineBottom).toBeLessThanOrEqual((target ?? 0) + BOX.clientHeight);
    expect(target).toBeLessThan(2400);
  });

  it('never scrolls past the bottom or above the top', () => {
    expect(
      scrollTarget('turn', { ...BOX, questionTop: 2900, answer: { top: 2950, firstLineBottom: 2990 } }),
    ).toBe(2400);
    expect(scrollTarget('turn', { ...BOX, questionTop: 4 })).toBe(0);
  });
});

describe('modeAfterReaderScroll', () => {
  it('follows again within 150 px of the bottom, and leaves the reader alone further up', () => {
    expect(modeAfterReaderScroll(150, 150)).toBe('end');
    expect(modeAfterReaderScroll(151, 150)).toBe('free');
  });
});
