import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cx } from './cx.ts';
import { DialogCloseContext, useOpenState, useStackedEscape } from './dialog-stack.ts';

/** Radix Dialog root: `open`/`onOpenChange` (controlled) or `defaultOpen`. Focus is trapped while open. */
export function Dialog({
  open,
  defaultOpen,
  onOpenChange,
  ...rest
}: ComponentProps<typeof DialogPrimitive.Root>) {
  const state = useOpenState({ open, defaultOpen, onOpenChange });
  return (
    <DialogCloseContext value={state.close}>
      <DialogPrimitive.Root {...rest} open={state.open} onOpenChange={state.onOpenChange} />
    </DialogCloseContext>
  );
}
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

const overlayClassName = 'fixed inset-0 z-40 bg-black/60 data-[state=open]:animate-fade-in';

export type DialogContentProps = Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> & {
  /** Required: every dialog is named. */
  title: ReactNode;
  description?: ReactNode;
  /** Hide the corner close button (Escape still closes unless `onEscapeKeyDown` prevents it). */
  hideClose?: boolean;
  closeLabel?: string;
  /** The title's heading level: 'h1' when the dialog is the page (a route such as /Settings). */
  titleAs?: 'h1' | 'h2';
  /**
   * 'scroll' (default): padded, and the whole dialog scrolls. 'flush': no padding and no scrolling of its
   * own, for dialogs that scroll a body between a fixed header and a pinned action bar.
   */
  layout?: 'scroll' | 'flush';
};

export function DialogContent({
  title,
  description,
  hideClose = false,
  closeLabel = 'Close',
  titleAs: TitleTag = 'h2',
  layout = 'scroll',
  className,
  children,
  onEscapeKeyDown,
  ref,
  ...rest
}: DialogContentProps) {
  const stacked = useStackedEscape(onEscapeKeyDown, ref);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClassName} />
      <DialogPrimitive.Content
        ref={stacked.contentRef}
        onEscapeKeyDown={stacked.onEscapeKeyDown}
        {...(description ? {} : { 'aria-describedby': undefined })}
        className={cx(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)]',
          // A caller's own width wins: two max-w utilities would be settled by stylesheet order instead.
          /(^|\s)max-w-/.test(className ?? '') ? null : 'max-w-lg',
          '-translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl border border-border',
          'bg-surface-raised text-text shadow-overlay data-[state=open]:animate-fade-in',
          layout === 'scroll' ? 'gap-4 overflow-y-auto p-6' : 'overflow-hidden',
          className,
        )}
        {...rest}
      >
        <div className={cx('flex items-start justify-between gap-4', layout === 'flush' && 'px-6 pt-6 pb-4')}>
          <div className="flex flex-col gap-1">
            <DialogPrimitive.Title asChild>
              <TitleTag className="text-lg font-semibold">{title}</TitleTag>
            </DialogPrimitive.Title>
            {description ? (
              <DialogPrimitive.Description className="text-sm text-text-muted">
                {description}
              </DialogPrimitive.Description>
            ) : null}
          </div>
          {hideClose ? null : (
            <DialogPrimitive.Close
              aria-label={closeLabel}
              className="-m-2 rounded-lg p-2 text-text-muted hover:bg-surface hover:text-text"
            >
              <X aria-hidden="true" className="size-5" />
            </DialogPrimitive.Close>
          )}
        </div>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogFooter({ className, ...rest }: ComponentProps<'div'>) {
  return <div className={cx('mt-2 flex flex-wrap justify-end gap-2', className)} {...rest} />;
}

export type DrawerContentProps = Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> & {
  /** Accessible name of the drawer (visually hidden). */
  title: string;
};

/** A dialog that slides in from the left edge: the sidebar on narrow screens. Use inside `<Dialog>`. */
export function DrawerContent({
  title,
  className,
  children,
  onEscapeKeyDown,
  ref,
  ...rest
}: DrawerContentProps) {
  const stacked = useStackedEscape(onEscapeKeyDown, ref);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClassName} />
      <DialogPrimitive.Content
        ref={stacked.contentRef}
        onEscapeKeyDown={stacked.onEscapeKeyDown}
        aria-describedby={undefined}
        className={cx(
          'fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col bg-surface text-text shadow-overlay',
          'border-r border-border data-[state=open]:animate-slide-in-left',
          className,
        )}
        {...rest}
      >
        <DialogPrimitive.Title className="sr-only">{title}</DialogPrimitive.Title>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
