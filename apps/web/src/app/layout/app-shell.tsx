import { Menu } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PreferencesProvider } from '../../features/preferences/index.ts';
import { Button, cx, Dialog, DialogTrigger, DrawerContent } from '../../ui/index.ts';
import { Brand } from './brand.tsx';
import { Sidebar } from './sidebar.tsx';
import { useSidebarExpanded } from './sidebar-preference.ts';

/**
 * docs/product/design.md, "Layout": the sidebar is a column from 1024 px up (Tailwind `lg`), a drawer below.
 */
const DESKTOP_QUERY = '(min-width: 1024px)';

/** A drawer left open while the window grows to desktop width closes (the sidebar is visible there). */
function useCloseOnDesktop(open: boolean, setOpen: (open: boolean) => void): void {
  useEffect(() => {
    if (!open || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(DESKTOP_QUERY);
    const onChange = () => {
      if (query.matches) setOpen(false);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [open, setOpen]);
}

/** The signed-in frame: sidebar (or drawer) and the main area; hosts the profile and preferences wizard. */
export function AppShell() {
  return (
    <PreferencesProvider>
      <AppFrame />
    </PreferencesProvider>
  );
}

function AppFrame() {
  const [expanded, setExpanded] = useSidebarExpanded();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();

  // Following a link inside the drawer closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose.
  useEffect(() => {
    setDrawerOpen(false);
  }, [location.pathname]);
  useCloseOnDesktop(drawerOpen, setDrawerOpen);

  return (
    <div className="relative flex h-dvh overflow-hidden bg-background text-text">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-surface-raised px-4 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>

      <aside
        aria-label="Sidebar"
        className={cx(
          'hidden shrink-0 border-r border-border bg-surface transition-[width] duration-200 lg:block',
          expanded ? 'w-65' : 'w-18',
        )}
      >
        <Sidebar
          id="app-sidebar"
          mode={expanded ? 'expanded' : 'rail'}
          onToggle={() => setExpanded(!expanded)}
        />
      </aside>

      <Dialog open={drawerOpen} onOpenChange={setDrawerOpen}>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="flex h-14 shrink-0 items-center gap-2 border-b border-border bg-surface px-2 lg:hidden">
            <DialogTrigger asChild>
              <Button variant="ghost" size="icon" aria-label="Open navigation">
                <Menu aria-hidden="true" />
              </Button>
            </DialogTrigger>
            <Brand />
          </header>
          {/* `relative`: absolutely placed content (every `sr-only` text) is contained by the scrolling
              main, not by the page; otherwise it overflows the document, which then scrolls too and
              shows a bare band under the sidebar. */}
          <main
            id="main"
            tabIndex={-1}
            className="relative min-h-0 flex-1 overflow-y-auto focus:outline-none"
          >
            <Outlet />
          </main>
        </div>
        <DrawerContent title="Navigation">
          <Sidebar mode="expanded" inDrawer />
        </DrawerContent>
      </Dialog>
    </div>
  );
}
