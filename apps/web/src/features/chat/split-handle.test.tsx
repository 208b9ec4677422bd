import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { CHAT_SPLIT_STORAGE_KEY, SplitHandle, useChatSplit } from './split-handle.tsx';

function Split() {
  const [split, setSplit] = useChatSplit();
  const box = useRef<HTMLDivElement>(null);
  return (
    <div ref={box}>
      <section id="chat" style={{ width: `${split}%` }} />
      <SplitHandle value={split} onChange={setSplit} containerRef={box} controls="chat" />
    </div>
  );
}

describe('chat and visualizations split', () => {
  it('starts at 40/60, moves with the arrow keys within 25-70 %, and is remembered', async () => {
    const { unmount } = render(<Split />);
    const handle = screen.getByRole('separator', { name: 'Resize chat and visualizations' });
    expect(handle).toHaveAttribute('aria-valuenow', '40');
    const user = userEvent.setup();
    handle.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(handle).toHaveAttribute('aria-valuenow', '50');
    await user.keyboard('{End}{ArrowRight}');
    expect(handle).toHaveAttribute('aria-valuenow', '70');
    await user.keyboard('{Home}{ArrowLeft}');
    expect(handle).toHaveAttribute('aria-valuenow', '25');
    await user.keyboard('{ArrowRight}');
    expect(window.localStorage.getItem(CHAT_SPLIT_STORAGE_KEY)).toBe('30');
    unmount();
    render(<Split />);
    expect(screen.getByRole('separator')).toHaveAttribute('aria-valuenow', '30');
  });
});
