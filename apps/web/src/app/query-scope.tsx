import type { ReactNode } from 'react';
import { lazyComponent } from './lazy-component.ts';

/**
 * The server-state cache (TanStack Query) for the screens below it. Its code is a chunk of its own, so
 * the sign-in page, which fetches no server state, does not download it; the app fetches it just after
 * the first screen shows (AppRoutes), before anyone needs it.
 */
export const QueryScope = lazyComponent<{ children: ReactNode }>(() => import('./query-scope-provider.tsx'));
