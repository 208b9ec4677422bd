export const loadAccountsPage = () =>
  import('./accounts-page.tsx').then((m) => ({ Component: m.AccountsPage }));
