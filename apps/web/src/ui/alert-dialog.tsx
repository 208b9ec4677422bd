import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { buttonClassName } from './button.tsx';
import { cx } from './cx.ts';
import { DialogCloseContext, useOpenState, useStackedEscape } from './dialog-stack.ts';

/**
 * A confirmation that must be answered (Radix AlertDialog: focus starts on Cancel, Escape cancels, a
 * click outside does nothing).
 */
export function AlertDialog({
  open,
  defaultOpen,
  onOpenChange,
  ...rest
}: ComponentProps<typeof AlertDialogPrimitive.Root>) {
  const state = useOpenState({ open, defaultOpen, onOpenChange });
  return (
    <DialogCloseContext value={state.close}>
      <AlertDialogPrimitive.Root {...rest} open={state.open} onOpenChange={state.onOpenChange} />
    </DialogCloseContext>
  );
}
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;

export type AlertDialogContentProps = Omit<ComponentProps<typeof AlertDialogPrimitive.Content>, 'title'> & {
  title: ReactNode;
  /** What happens if the user confirms; read out with the title. */
  description: ReactNode;
};

export function AlertDialogContent({
  title,
  description,
  className,
  children,
  onEscapeKeyDown,
  ref,
  ...rest
}: AlertDialogContentProps) {
  const stacked = useStackedEscape(onEscapeKeyDown, ref);
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className="fixed inset-0 z-[60] bg-black/60 data-[state=open]:animate-fade-in" />
      <AlertDialogPrimitive.Content
        ref={stacked.contentRef}
        onEscapeKeyDown={stacked.onEscapeKeyDown}
        className={cx(
          'fixed top-1/2 left-1/2 z-[60] flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md',
          '-translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-2xl border border-border',
          'bg-surface-raised p-6 text-text shadow-overlay data-[state=open]:animate-fade-in',
          className,
        )}
        {...rest}
      >
        <AlertDialogPrimitive.Title className="text-lg font-semibold">{title}</AlertDialogPrimitive.Title>
        <AlertDialogPrimitive.Description asChild>
          <div className="flex flex-col gap-2 text-sm text-text-muted">{description}</div>
        </AlertDialogPrimitive.Description>
        {children}
      </AlertDialogPrimitive.Content>
    </AlertDialogPrimitive.Portal>
  );
}

export function AlertDialogFooter({ className, ...rest }: ComponentProps<'div'>) {
  return <div className={cx('mt-2 flex flex-wrap justify-end gap-2', className)} {...rest} />;
}

export function AlertDialogCancel({
  className,
  ...rest
}: ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  return (
    <AlertDialogPrimitive.Cancel className={buttonClassName({ variant: 'secondary', className })} {...rest} />
  );
}

export type AlertDialogActionProps = ComponentProps<typeof AlertDialogPrimitive.Action> & {
  destructive?: boolean;
};

/** Confirms; closes the dialog unless the click handler calls `event.preventDefault()`. */
export function AlertDialogAction({ destructive = false, className, ...rest }: AlertDialogActionProps) {
  return (
    <AlertDialogPrimitive.Action
      className={buttonClassName({ variant: destructive ? 'destructive' : 'primary', className })}
      {...rest}
    />
  );
}
