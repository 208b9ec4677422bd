export { AppShell } from './app-shell.tsx';
export { AuthLayout } from './auth-layout.tsx';
export { Brand } from './brand.tsx';
export {
  readSidebarExpanded,
  SIDEBAR_EXPANDED_STORAGE_KEY,
  useSidebarExpanded,
} from './sidebar-preference.ts';
