import { and, eq } from 'drizzle-orm';
import { createVault } from '../src/connections/vault.ts';
import { tables } from '../src/db/index.ts';
import type { TestApp } from './app.ts';
import { identityClient } from './identity.ts';

type SignedUp = Awaited<ReturnType<TestApp['signUpVerifiedUser']>>;

/**
 * Requests as the web app sends them for linked accounts: /db and /agent sealed with the bearer
 * token, /connect with the session cookie and our Origin (no Authorization header: docs/product/chat.md,
 * "Request wrapper"), and the sandbox stand-ins the browser widgets call. Over real HTTP when the app
 * listens.
 */
export async function accountsClient(t: TestApp, user: SignedUp) {
  const api = await identityClient(t);
  const origin = t.config.publicUrl;
  const names = {
    username: user.user.username,
    firstName: user.user.firstName,
    lastName: user.user.lastName,
  };

  async function json<T = Record<string, unknown>>(response: Response): Promise<{ status: number; body: T }> {
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
  }

  /** POST /connect/api/... with the cookie and our Origin; a form when `form` is set. */
  const connect = <T = Record<string, unknown>>(
    path: string,
    body: Record<string, string> = {},
    options: { form?: boolean; headers?: Record<string, string> } = {},
  ) => {
    const fields = { ...names, ...body };
    return Promise.resolve(
      t.app.request(`/connect/api${path}`, {
        method: 'POST',
        headers: {
          cookie: user.cookie,
          origin,
          'content-type': options.form ? 'application/x-www-form-urlencoded' : 'application/json',
          ...options.headers,
        },
        body: options.form ? new URLSearchParams(fields).toString() : JSON.stringify(fields),
      }),
    ).then((response) => json<T>(response));
  };

  /** A call to a sandbox stand-in page, as the browser's widget makes it: the session cookie, our Origin. */
  const sandbox = <T = Record<string, unknown>>(path: string, body?: unknown) =>
    Promise.resolve(
      t.app.request(`/sandbox${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', cookie: user.cookie, origin },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    ).then((response) => json<T>(response));

  /** Submits the brokerage portal's form from the page a redirectURI names, as this user's browser. */
  const portal = (redirectURI: string, fields: Record<string, string>) => {
    const page = new URL(redirectURI);
    return Promise.resolve(
      t.app.request(page.pathname, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: user.cookie, origin },
        body: new URLSearchParams({ token: page.searchParams.get('token') ?? '', ...fields }).toString(),
      }),
    );
  };

  /**
   * Links a sandbox bank as the web app does (link token, the stand-in's login, the exchange) and
   * answers the exchange; the first sync then runs in the background.
   */
  const linkBank = async (institution = 'ins_109508', productName?: string) => {
    const token = await connect<{ link_token: string }>('/create_link_token', {}, { form: true });
    if (token.status !== 200) throw new Error(`create_link_token answered ${token.status}`);
    const link = await sandbox<{ public_token: string }>('/plaid/link/public_token', {
      link_token: token.body.link_token,
      institution_id: institution,
      username: 'user_good',
      password: 'pass_good',
    });
    if (link.status !== 200) throw new Error(`the sandbox Link answered ${link.status}`);
    return connect<{ success: boolean; account_name: string; item_id: string }>(
      '/set_access_token',
      { public_token: link.body.public_token, ...(productName ? { product_name: productName } : {}) },
      { form: true },
    );
  };

  /**
   * Links the sandbox brokerage as the web app does (the SnapTrade user, the portal's login, the
   * stored connection) and answers the authorization id; its first sync then runs in the background.
   */
  const linkBrokerage = async (broker = 'SANDBOX') => {
    if ((await connect('/snaptrade/generate_user')).status !== 200) throw new Error('generate_user failed');
    const login = await connect<{ redirectURI: string }>('/snaptrade/get_login_uri');
    const submitted = await portal(login.body.redirectURI, {
      broker,
      username: 'user_good',
      password: 'pass_good',
      action: 'connect',
    });
    const back = new URL(submitted.headers.get('location') ?? '/', origin);
    const authorizationId = back.searchParams.get('connection_id') ?? '';
    const stored = await connect('/snaptrade/store_connection', { connection_id: authorizationId });
    if (stored.status !== 200) throw new Error(`store_connection answered ${stored.status}`);
    return authorizationId;
  };

  return {
    names,
    connect,
    sandbox,
    portal,
    linkBank,
    linkBrokerage,
    /**
     * Links a sandbox bank whose item also holds `transactions` (positive amounts are money out): the
     * bank is linked as the web app links one (its own Link session, the exchange), named `productName`
     * when given; then, as the installation (its sandbox keys, and the item's access token as Penny
     * stored it), the transactions are added through Plaid's sandbox control
     * `/sandbox/transactions/create` (docs/accounts.md, "The sandbox"), and the bank synced again. Both
     * syncs have finished when it answers.
     */
    async linkBankWithTransactions(
      transactions: Array<{ date: string; amount: number; description: string }>,
      options: { institution?: string; productName?: string } = {},
    ) {
      const keys = t.sandboxKeys;
      if (!keys) throw new Error('the test app has no sandbox');
      const linked = await linkBank(options.institution, options.productName);
      if (linked.status !== 200) return linked;
      await t.services.sync.settled();
      const [row] = await t.database.db
        .select()
        .from(tables.connection)
        .where(
          and(
            eq(tables.connection.userId, user.user.id),
            eq(tables.connection.platform, 'plaid'),
            eq(tables.connection.itemId, linked.body.item_id),
          ),
        );
      if (!row?.sealedSecret) throw new Error('the linked bank has no stored access token');
      const accessToken = createVault(t.secrets.vaultKey).open(row.sealedSecret, {
        userId: user.user.id,
        connectionId: row.id,
      });
      const planted = await t.app.request('/sandbox/plaid/sandbox/transactions/create', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'plaid-client-id': keys.plaid.clientId,
          'plaid-secret': keys.plaid.secret,
        },
        body: JSON.stringify({
          access_token: accessToken,
          transactions: transactions.map((entry) => ({
            date_transacted: entry.date,
            date_posted: entry.date,
            amount: entry.amount,
            description: entry.description,
          })),
        }),
      });
      if (planted.status !== 200)
        throw new Error(`the sandbox /sandbox/transactions/create answered ${planted.status}`);
      const resync = await t.services.sync.startSync(user.user.id, row.id);
      if (resync !== 'started') throw new Error(`the bank's second sync was ${resync}`);
      await t.services.sync.settled();
      return linked;
    },
    /** POST /db/... or /agent/... sealed, as this user. */
    async post<T = Record<string, unknown>>(path: string, body: Record<string, unknown>) {
      return json<T>(await api.sealedPost(path, { ...names, ...body }, user.token));
    },
    /** GET /db/... as this user. */
    async get<T = Record<string, unknown>>(path: string, query: Record<string, string> = {}) {
      const search = new URLSearchParams({ ...names, ...query });
      return json<T>(await api.get(`${path}?${search}`, user.token));
    },
  };
}

export type AccountsClient = Awaited<ReturnType<typeof accountsClient>>;
