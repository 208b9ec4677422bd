import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatItem } from './chat-store.ts';
import { MessageList } from './message-list.tsx';

const item = (n: number): ChatItem => ({
  id: `user-${n}`,
  type: 'user',
  message: `Question ${n}`,
  timestamp: 'x',
});

/** Gives the scroll box a layout: content `height` px tall in a 500 px window; scrollTop is kept. */
function layout(box: HTMLElement, height: () => number) {
  let top = 0;
  Object.defineProperty(box, 'scrollHeight', { configurable: true, get: height });
  Object.defineProperty(box, 'clientHeight', { configurable: true, get: () => 500 });
  Object.defineProperty(box, 'scrollTop', {
    configurable: true,
    get: () => top,
    set: (value: number) => {
      top = Math.max(0, Math.min(value, height() - 500));
    },
  });
}

/** The reader moves the list with the wheel (a scroll with no reader behind it is content arriving). */
function readerScrolls(box: HTMLElement, top: number) {
  fireEvent.wheel(box);
  box.scrollTop = top;
  fireEvent.scroll(box);
}

describe('message list', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function setup(count: number) {
    let items = Array.from({ length: count }, (_, n) => item(n));
    const view = render(<MessageList threadId="t1" items={items} progress={null} loadError={null} />);
    const box = screen.getByRole('region', { name: 'Conversation' });
    // 100 px per item.
    layout(box, () => items.length * 100);
    const add = () => {
      items = [...items, item(items.length)];
      view.rerender(<MessageList threadId="t1" items={items} progress={null} loadError={null} />);
    };
    return { box, add };
  }

  it('is a log of the messages, reachable by keyboard', () => {
    const { box } = setup(3);
    expect(box).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('log', { name: 'Messages' })).toHaveTextContent('Question 2');
  });

  it('follows new messages while the reader is within 150 px of the bottom', () => {
    const { box, add } = setup(20);
    readerScrolls(box, 2000 - 500 - 150); // 150 px from the bottom
    add();
    expect(box.scrollTop).toBe(2100 - 500);
  });

  it('stays put when the reader scrolled further up', () => {
    const { box, add } = setup(20);
    readerScrolls(box, 2000 - 500 - 151);
    add();
    expect(box.scrollTop).toBe(2000 - 500 - 151);
  });

  it('follows when the list scrolls by itself (content laid out late), but not once the reader clicks up there', () => {
    const { box, add } = setup(20);
    box.scrollTop = 200;
    fireEvent.scroll(box);
    add();
    expect(box.scrollTop).toBe(2100 - 500);
    box.scrollTop = 200;
    fireEvent.pointerDown(box);
    add();
    expect(box.scrollTop).toBe(200);
  });

  it('mounts the newest 60 of a long thread and adds earlier ones when scrolled to the top', () => {
    const { box } = setup(1000);
    const mounted = () => screen.getByRole('log').querySelectorAll('[data-chat-item]').length;
    expect(mounted()).toBe(60);
    expect(screen.queryByText('Question 939')).toBeNull();
    expect(screen.getByText('Question 940')).toBeInTheDocument();
    box.scrollTop = 0;
    fireEvent.scroll(box);
    expect(mounted()).toBe(120);
    expect(screen.getByText('Question 880')).toBeInTheDocument();
  });
});
