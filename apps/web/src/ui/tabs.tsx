import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cx } from './cx.ts';

/** Radix Tabs: arrow keys move between tabs, each tab panel is labelled by its tab. */
export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...rest }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cx('flex gap-1 rounded-lg border border-border bg-surface p-1', className)}
      {...rest}
    />
  );
}

export function TabsTrigger({ className, ...rest }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cx(
        // Grow from their own width so a longer label ('Account Settings') keeps one line on a phone.
        'flex h-9 flex-auto items-center justify-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap text-text-muted',
        'transition-colors duration-150 hover:text-text data-[state=active]:bg-surface-raised',
        'data-[state=active]:text-text data-[state=active]:shadow-raised [&_svg]:size-4',
        className,
      )}
      {...rest}
    />
  );
}

export function TabsContent({ className, ...rest }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cx('flex flex-col gap-4 pt-4', className)} {...rest} />;
}
