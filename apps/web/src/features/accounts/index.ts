export const loadAccountsPage = () =>
  import('./accounts-page.tsx').then((m) => ({ default: m.AccountsPage }));

/**
 * Where the brokerage portal sends its popup back (`?status=SUCCESS&connection_id=…`,
 * `?status=ERROR&status_code=…&error_code=…`, `?status=ABANDONED`); the page reports to the Accounts page.
 */
export const SNAPTRADE_CALLBACK_PATH = '/connect/snaptrade/callback';

export const loadSnaptradeCallbackPage = () =>
  import('./brokerage/snaptrade-callback-page.tsx').then((m) => ({ default: m.SnaptradeCallbackPage }));
