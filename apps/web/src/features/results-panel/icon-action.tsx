import type { LucideIcon } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { Button } from '../../ui/index.ts';

export type IconActionProps = {
  icon: LucideIcon;
  /** The accessible name and the tooltip text. */
  label: string;
  onClick: () => void;
  busy?: boolean;
  /** Done and not to be repeated (e.g. Saved): shown, but not offered. */
  done?: boolean;
};

/** A small icon button on a result card, named for screen readers and explained by a tooltip. */
export function IconAction({ icon: Icon, label, onClick, busy = false, done = false }: IconActionProps) {
  if (done) {
    // Said in words, not only by the icon: the action is done and not offered again.
    return (
      <Button
        variant="ghost"
        size="sm"
        className="h-8 gap-1.5 px-2 text-positive disabled:opacity-100"
        disabled
      >
        <Icon aria-hidden="true" />
        {label}
      </Button>
    );
  }
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-text-muted hover:text-text"
          aria-label={label}
          aria-busy={busy || undefined}
          disabled={busy}
          onClick={onClick}
        >
          <Icon aria-hidden="true" />
        </Button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="bottom"
          sideOffset={4}
          className="z-50 rounded-md border border-border bg-surface-raised px-2 py-1 text-xs text-text shadow-overlay"
        >
          {label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
