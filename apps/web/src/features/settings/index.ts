export const loadSettingsPage = () =>
  import('./settings-page.tsx').then((m) => ({ Component: m.SettingsPage }));
