import { createContext, type Ref, type RefCallback, useCallback, useContext, useRef, useState } from 'react';

/**
 * Escape belongs to the dialog on top. Radix lets a newly opened dialog hear Escape only after one more
 * render at default priority, which a busy machine runs late; an Escape pressed before that went to the
 * dialog beneath (it closed the Settings popup and left the preferences wizard opened over it open).
 * Here every open dialog's content registers how to dismiss it as it commits, and a dialog that is
 * handed an Escape while another is open above it passes the Escape up.
 */

/** Closes the dialog whose content reads it: its root's `onOpenChange(false)`. */
export const DialogCloseContext = createContext<() => void>(() => {});

type OpenState = { open?: boolean; defaultOpen?: boolean; onOpenChange?: (open: boolean) => void };

/** A dialog root's open state, controlled or not, and how to close it (for `DialogCloseContext`). */
export function useOpenState({ open, defaultOpen = false, onOpenChange }: OpenState) {
  const [ownOpen, setOwnOpen] = useState(defaultOpen);
  const controlled = open !== undefined;
  const change = useCallback(
    (next: boolean) => {
      if (!controlled) setOwnOpen(next);
      onOpenChange?.(next);
    },
    [controlled, onOpenChange],
  );
  const close = useCallback(() => change(false), [change]);
  return { open: controlled ? open : ownOpen, onOpenChange: change, close };
}

/** Each open dialog content element and what an Escape does to it. */
const escapeOf = new WeakMap<Element, () => void>();

/**
 * The top open dialog that registered here (not, e.g., a popover's content, which Radix also marks as a
 * dialog). Dialogs portal into the body as they open, so the later in the document is the higher.
 */
function topmostDialog(): Element | undefined {
  const open = document.querySelectorAll(
    '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]',
  );
  return [...open].filter((element) => escapeOf.has(element)).at(-1);
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

type EscapeHandler = (event: KeyboardEvent) => void;

/**
 * For a dialog content: the ref that registers it and the `onEscapeKeyDown` that passes an Escape up
 * to the dialog above when there is one (else the caller's handler runs and Radix dismisses as usual).
 */
export function useStackedEscape(
  onEscapeKeyDown: EscapeHandler | undefined,
  ref: Ref<HTMLDivElement> | undefined,
) {
  const close = useContext(DialogCloseContext);
  const latest = useRef({ close, onEscapeKeyDown, ref });
  latest.current = { close, onEscapeKeyDown, ref };
  const node = useRef<HTMLDivElement | null>(null);

  const contentRef = useCallback<RefCallback<HTMLDivElement>>((element) => {
    node.current = element;
    assignRef(latest.current.ref, element);
    if (!element) return;
    escapeOf.set(element, () => {
      const passed = new KeyboardEvent('keydown', { key: 'Escape', cancelable: true });
      latest.current.onEscapeKeyDown?.(passed);
      if (!passed.defaultPrevented) latest.current.close();
    });
  }, []);

  const onEscape = useCallback<EscapeHandler>((event) => {
    const top = topmostDialog();
    const passUp = top && top !== node.current ? escapeOf.get(top) : undefined;
    if (passUp) {
      event.preventDefault();
      passUp();
      return;
    }
    latest.current.onEscapeKeyDown?.(event);
  }, []);

  return { contentRef, onEscapeKeyDown: onEscape };
}
