export const loadSettingsPage = () =>
  import('./settings-page.tsx').then((m) => ({ Component: m.SettingsPage }));
export type { SettingsDialogProps } from './settings-dialog.tsx';
