import {
  Bookmark,
  type LucideIcon,
  PanelLeftClose,
  PanelLeftOpen,
  Settings,
  SquarePen,
  Wallet,
  X,
} from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { ThreadList, useStartNewChat } from '../../features/chat/shell.ts';
import { Button, cx, DialogClose } from '../../ui/index.ts';
import { Brand } from './brand.tsx';

type NavItem = { to: string; label: string; icon: LucideIcon };

/** docs/product/chat.md, "Sidebar": bottom buttons Accounts, Resources, Settings. */
const bottomItems: readonly NavItem[] = [
  { to: '/Accounts', label: 'Accounts', icon: Wallet },
  { to: '/Resources', label: 'Resources', icon: Bookmark },
  { to: '/Settings', label: 'Settings', icon: Settings },
];

export type SidebarProps = {
  /** 'rail' shows icons only (desktop, collapsed). */
  mode: 'expanded' | 'rail';
  /** Desktop: the collapse/expand control. */
  onToggle?: () => void;
  /** Drawer: shows a close button. */
  inDrawer?: boolean;
  id?: string;
};

const itemClassName =
  'flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium text-text-muted transition-colors ' +
  'hover:bg-surface-raised hover:text-text aria-[current=page]:bg-surface-raised aria-[current=page]:text-text ' +
  '[&_svg]:size-5 [&_svg]:shrink-0';

export function Sidebar({ mode, onToggle, inDrawer = false, id }: SidebarProps) {
  const rail = mode === 'rail';
  const startNewChat = useStartNewChat();
  return (
    <div id={id} className="flex h-full flex-col gap-3 p-3">
      <div className={cx('flex h-10 items-center gap-2', rail ? 'justify-center' : 'justify-between')}>
        {rail ? null : (
          // The visible word 'Penny' starts the name (WCAG label in name); the mark is decorative.
          <Link to="/" className="rounded-lg" aria-label="Penny, start screen">
            <Brand />
          </Link>
        )}
        {onToggle ? (
          <Button
            variant="ghost"
            size="icon"
            onClick={onToggle}
            aria-label={rail ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!rail}
            aria-controls={id}
            title={rail ? 'Expand sidebar' : 'Collapse sidebar'}
          >
            {rail ? <PanelLeftOpen aria-hidden="true" /> : <PanelLeftClose aria-hidden="true" />}
          </Button>
        ) : null}
        {inDrawer ? (
          <DialogClose asChild>
            <Button variant="ghost" size="icon" aria-label="Close navigation">
              <X aria-hidden="true" />
            </Button>
          </DialogClose>
        ) : null}
      </div>

      <Button
        variant="secondary"
        className={cx('w-full', rail ? 'px-0' : 'justify-start')}
        onClick={() => startNewChat()}
        aria-label={rail ? 'New Chat' : undefined}
        title={rail ? 'New Chat' : undefined}
      >
        <SquarePen aria-hidden="true" />
        {rail ? null : 'New Chat'}
      </Button>

      {rail ? (
        <div className="flex-1" />
      ) : (
        <section aria-labelledby="sidebar-threads-title" className="flex min-h-0 flex-1 flex-col gap-2">
          <h2 id="sidebar-threads-title" className="px-3 text-xs font-medium text-text-muted">
            Chats
          </h2>
          <ThreadList />
        </section>
      )}

      <nav aria-label="Main" className="border-t border-border pt-3">
        <ul className="flex flex-col gap-1">
          {bottomItems.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                className={cx(itemClassName, rail && 'justify-center px-0')}
                aria-label={rail ? label : undefined}
                title={rail ? label : undefined}
              >
                <Icon aria-hidden="true" strokeWidth={1.75} />
                {rail ? null : label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
