import { CHAT_LIMITS, chatMessages, countWords } from '@penny/contracts';
import { ArrowUp, Brain, Check, Plus, X } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { Button, cx, toast } from '../../ui/index.ts';

export type ChatBoxProps = {
  /** Sends the message (already checked); returns false when it could not be sent. */
  onSend: (message: string, options: { deepThinking: boolean }) => boolean;
  /** A turn of this thread is running: nothing is sent. */
  sending: boolean;
  /** The thread is not ready (still loading): nothing is sent. */
  disabled?: boolean;
  /** Characters the input takes (20,000 by default, configurable: docs/product/chat.md, "Chat"). */
  maxChars?: number;
  /** Text to put in the box (e.g. a suggestion), with a counter to apply the same text twice. */
  draft?: { text: string; key: number } | null;
};

/**
 * The chat box (docs/product/chat.md, "Chat box"): the input with the required placeholder, Enter sends and
 * Shift+Enter adds a newline, the send button, and a plus menu with the 'Deep Thinking' toggle. Blank
 * messages are not sent, nor anything while a send is in progress; over 2,000 words a 'Message Too Long'
 * warning explains the limit.
 */
export function ChatBox({
  onSend,
  sending,
  disabled = false,
  maxChars = CHAT_LIMITS.maxChars,
  draft,
}: ChatBoxProps) {
  const [text, setText] = useState('');
  const [deepThinking, setDeepThinking] = useState(false);
  const [appliedDraft, setAppliedDraft] = useState<number | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const hintId = useId();

  if (draft && draft.key !== appliedDraft) {
    setAppliedDraft(draft.key);
    setText(draft.text);
  }

  const blank = text.trim() === '';
  const blocked = sending || disabled;

  function submit() {
    if (blank || blocked) return;
    const words = countWords(text);
    if (words > CHAT_LIMITS.maxWords) {
      toast.warning(chatMessages.messageTooLongTitle, {
        id: 'message-too-long',
        description: chatMessages.messageTooLong(words),
      });
      return;
    }
    if (text.length > maxChars) {
      toast.warning(chatMessages.messageTooLongTitle, {
        id: 'message-too-long',
        description: chatMessages.messageTooManyChars(text.length),
      });
      return;
    }
    if (onSend(text.trim(), { deepThinking })) setText('');
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submit();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter (and Enter while an input method composes) adds a newline.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  return (
    <form onSubmit={onSubmit} className="shrink-0 border-t border-border bg-background px-4 pt-3 pb-4">
      <div
        className={cx(
          'mx-auto flex w-full max-w-3xl flex-col gap-2 rounded-2xl border border-border-strong bg-surface p-2',
          'focus-within:border-accent',
        )}
      >
        <label htmlFor={inputId} className="sr-only">
          Message
        </label>
        <textarea
          ref={inputRef}
          id={inputId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={chatMessages.placeholder}
          maxLength={maxChars}
          rows={1}
          aria-describedby={deepThinking ? hintId : undefined}
          className={cx(
            'max-h-60 min-h-11 w-full resize-none bg-transparent px-2 py-2 text-base text-text',
            'placeholder:text-text-muted focus:outline-none [field-sizing:content]',
          )}
        />
        <div className="flex items-center gap-2">
          <DropdownMenu.Root>
            <DropdownMenu.Trigger asChild>
              <Button variant="ghost" size="icon" className="size-9" aria-label="More options">
                <Plus aria-hidden="true" />
              </Button>
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                side="top"
                align="start"
                sideOffset={6}
                className="z-50 min-w-64 rounded-xl border border-border bg-surface-raised p-1 text-text shadow-overlay"
              >
                <DropdownMenu.CheckboxItem
                  checked={deepThinking}
                  onCheckedChange={setDeepThinking}
                  className="flex cursor-pointer items-start gap-3 rounded-lg px-3 py-2 outline-none data-[highlighted]:bg-surface"
                >
                  <Brain aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
                  <span className="flex flex-1 flex-col">
                    <span className="text-sm font-medium">{chatMessages.deepThinking}</span>
                    <span className="text-xs text-text-muted">{chatMessages.deepThinkingHint}</span>
                  </span>
                  <DropdownMenu.ItemIndicator>
                    <Check aria-hidden="true" className="mt-0.5 size-4 text-accent" />
                  </DropdownMenu.ItemIndicator>
                </DropdownMenu.CheckboxItem>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
          {deepThinking ? (
            <span className="flex items-center gap-1 rounded-full border border-accent/50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-text">
              <Brain aria-hidden="true" className="size-3.5 text-accent" />
              <span id={hintId}>
                {chatMessages.deepThinking}
                <span className="sr-only"> is on: {chatMessages.deepThinkingHint.toLowerCase()}</span>
              </span>
              <button
                type="button"
                aria-label="Turn off Deep Thinking"
                onClick={() => {
                  setDeepThinking(false);
                  inputRef.current?.focus();
                }}
                className="rounded-full p-0.5 text-text-muted hover:bg-surface-raised hover:text-text"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </span>
          ) : null}
          <Button
            type="submit"
            size="icon"
            className="ml-auto size-9 rounded-full"
            aria-label={chatMessages.send}
            title={chatMessages.send}
            disabled={blank || blocked}
          >
            <ArrowUp aria-hidden="true" />
          </Button>
        </div>
      </div>
    </form>
  );
}
