export const loadSettingsPage = () =>
  import('./settings-page.tsx').then((m) => ({ default: m.SettingsPage }));
export type { SettingsDialogProps } from './settings-dialog.tsx';
