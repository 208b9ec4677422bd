import { CHAT_LIMITS, DEEP_THINKING_MODEL } from '@penny/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ThemeProvider, Toaster } from '../../ui/index.ts';
import { ChatBox, type ChatBoxProps } from './chat-box.tsx';

function renderBox(props: Partial<ChatBoxProps> = {}) {
  const onSend = vi.fn<ChatBoxProps['onSend']>(() => true);
  const view = render(
    <ThemeProvider>
      <ChatBox onSend={onSend} sending={false} {...props} />
      <Toaster />
    </ThemeProvider>,
  );
  return { onSend, input: screen.getByRole('textbox', { name: 'Message' }), ...view };
}

describe('chat box', () => {
  it('shows the required placeholder (docs/product/chat.md, "Chat box") and caps the input at 20,000 characters', () => {
    const { input } = renderBox();
    expect(input).toHaveAttribute(
      'placeholder',
      'Type here... The more details you provide, the better I can help!',
    );
    expect(input).toHaveAttribute('maxLength', String(CHAT_LIMITS.maxChars));
  });

  it('sends on Enter and clears the box; Shift+Enter adds a newline instead', async () => {
    const { onSend, input } = renderBox();
    const user = userEvent.setup();
    await user.type(input, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(onSend).not.toHaveBeenCalled();
    expect(input).toHaveValue('First line\nsecond line');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('First line\nsecond line', { deepThinking: false });
    expect(input).toHaveValue('');
  });

  it('sends with the send button too', async () => {
    const { onSend, input } = renderBox();
    const user = userEvent.setup();
    await user.type(input, 'Net worth?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(onSend).toHaveBeenCalledWith('Net worth?', { deepThinking: false });
  });

  it('does not send a blank or whitespace-only message', async () => {
    const { onSend, input } = renderBox();
    const send = screen.getByRole('button', { name: 'Send message' });
    expect(send).toBeDisabled();
    const user = userEvent.setup();
    await user.type(input, '   {Enter}');
    await user.type(input, '{Shift>}{Enter}{/Shift}  {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(send).toBeDisabled();
  });

  it('sends nothing while a send is in progress, and keeps the text', async () => {
    const { onSend, input } = renderBox({ sending: true });
    const user = userEvent.setup();
    await user.type(input, 'Another question{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(input).toHaveValue('Another question');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
  });

  it("warns 'Message Too Long' over 2,000 words with the count, and sends nothing", async () => {
    const { onSend, input } = renderBox();
    fireEvent.change(input, { target: { value: Array.from({ length: 2001 }, () => 'word').join(' ') } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('Message Too Long')).toBeInTheDocument();
    expect(screen.getByText('Please limit your message to 2000 words (currently 2001)')).toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();
    expect(input).not.toHaveValue('');
  });

  it('sends exactly 2,000 words', () => {
    const { onSend, input } = renderBox();
    fireEvent.change(input, { target: { value: Array.from({ length: 2000 }, () => 'word').join(' ') } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it("turns 'Deep Thinking' on from the plus menu, with its hint, and sends with it", async () => {
    const { onSend, input } = renderBox();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'More options' }));
    const toggle = await screen.findByRole('menuitemcheckbox', { name: /Deep Thinking/ });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveTextContent('Slower but more accurate responses');
    await user.click(toggle);
    expect(screen.getByText('Deep Thinking', { selector: 'span > span' })).toBeInTheDocument();
    await user.type(input, 'Deep question{Enter}');
    expect(onSend).toHaveBeenCalledWith('Deep question', { deepThinking: true });
    await user.click(screen.getByRole('button', { name: 'Turn off Deep Thinking' }));
    await user.type(input, 'Quick question{Enter}');
    expect(onSend).toHaveBeenLastCalledWith('Quick question', { deepThinking: false });
    expect(DEEP_THINKING_MODEL).toBe('grok-4');
  });
});
