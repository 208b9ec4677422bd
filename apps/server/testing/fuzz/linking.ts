// Linked accounts: what each fuzz user links (a sandbox bank, a brokerage, a wallet) and linking them
// through the API as the web app does, again for whatever a request removed.

import { getCredentialsResponseSchema } from '@penny/contracts';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../app.ts';
import { sessionCookie } from './build-request.ts';
import type { FuzzUser, LinkedAccounts, LinkPart, LinkPlan } from './context.ts';
import { answered, connectPost, expectOk, type Names, namesOf, sealedPost } from './setup-requests.ts';

/** The fuzz user's: First_Platypus_Bank_plaid, SnapTrade_Sandbox_snaptrade and an Ethereum wallet. */
export const USER_LINKS: LinkPlan = {
  institution: 'ins_109508',
  spareInstitution: 'ins_109508',
  broker: 'SANDBOX',
  walletName: 'Fuzz_wallet_web3',
  chain: 'eth',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
};

/**
 * The other user's: another institution and brokerage, so that its account names differ from the fuzz
 * user's, and a Bitcoin address no generated request uses (seeing it in an answer is a leak). Its
 * spare public token is for a third institution: the sandbox derives account ids from the Link user and
 * the institution, and the fuzz user exchanging that token must not get the other's own account ids.
 */
export const OTHER_LINKS: LinkPlan = {
  institution: 'ins_109509',
  spareInstitution: 'ins_109510',
  broker: 'ALPACA-PAPER',
  walletName: 'Savings_wallet_web3',
  chain: 'btc',
  address: 'bc1q0xcqpzrky6eff2g52qdye53xkk9jxkvrh6yhyw',
};

/** What the user's browser sends to a sandbox stand-in page: the session cookie and our Origin. */
const browserHeaders = (t: TestApp, user: Names, contentType: string) => ({
  'content-type': contentType,
  cookie: sessionCookie(user.token),
  origin: t.config.publicUrl,
});

/** A Link public token for the user at `institution`: create_link_token, then the Link stand-in. */
async function publicToken(t: TestApp, user: Names, institution: string): Promise<string> {
  const { link_token: linkToken } = expectOk(
    'create_link_token',
    await connectPost(t, user, '/create_link_token'),
  );
  const link = await t.app.request('/sandbox/plaid/link/public_token', {
    method: 'POST',
    headers: browserHeaders(t, user, 'application/json'),
    body: JSON.stringify({
      link_token: linkToken,
      institution_id: institution,
      username: 'user_good',
      password: 'pass_good',
    }),
  });
  const { public_token: token } = expectOk('the Link stand-in', await answered(link));
  if (typeof token !== 'string') throw new Error('fuzz setup: the Link stand-in gave no public token');
  return token;
}

/** A brokerage through SnapTrade's portal, as the popup does it: its authorization id. */
async function linkBrokerage(t: TestApp, user: Names, broker: string): Promise<string> {
  expectOk('generate_user', await connectPost(t, user, '/snaptrade/generate_user'));
  const { redirectURI } = expectOk('get_login_uri', await connectPost(t, user, '/snaptrade/get_login_uri'));
  const portal = new URL(String(redirectURI));
  const submitted = await t.app.request(portal.pathname, {
    method: 'POST',
    headers: browserHeaders(t, user, 'application/x-www-form-urlencoded'),
    body: new URLSearchParams({
      token: portal.searchParams.get('token') ?? '',
      broker,
      username: 'user_good',
      password: 'pass_good',
      action: 'connect',
    }).toString(),
  });
  const back = new URL(submitted.headers.get('location') ?? '/', t.config.publicUrl);
  const connectionId = back.searchParams.get('connection_id');
  if (!connectionId)
    throw new Error(`fuzz setup: the SnapTrade portal answered ${submitted.status}, no connection`);
  expectOk(
    'store_connection',
    await connectPost(t, user, '/snaptrade/store_connection', { connection_id: connectionId }),
  );
  return connectionId;
}

const ALL_PARTS: ReadonlySet<LinkPart> = new Set(['bank', 'wallet', 'brokerage']);

/**
 * Links the user's accounts through the API as the web app does (a bank through Link and
 * set_access_token, a brokerage through SnapTrade's portal, a wallet by its address), or only the
 * `parts` a request removed, waits for the first syncs, and reads names and ids back from the API.
 */
export async function linkAccounts(
  t: TestApp,
  boxPublicKey: string,
  user: FuzzUser,
  plan: LinkPlan,
  previous?: LinkedAccounts,
  parts: ReadonlySet<LinkPart> = ALL_PARTS,
): Promise<LinkedAccounts> {
  let bank = previous && {
    bankName: previous.bankName,
    itemId: previous.itemId,
    spentPublicToken: previous.spentPublicToken,
  };
  if (!bank || parts.has('bank')) {
    const spent = await publicToken(t, user, plan.institution);
    const linked = expectOk(
      'set_access_token',
      await connectPost(t, user, '/set_access_token', { public_token: spent }),
    );
    bank = { bankName: String(linked.account_name), itemId: String(linked.item_id), spentPublicToken: spent };
  }
  if (!previous || parts.has('wallet')) {
    expectOk(
      'store-credentials',
      await sealedPost(t, boxPublicKey, user, '/db/store-credentials', {
        account_name: plan.walletName,
        credentials: { chain: plan.chain, account_id: plan.address },
      }),
    );
  }
  const connectionId =
    previous && !parts.has('brokerage') ? previous.connectionId : await linkBrokerage(t, user, plan.broker);
  await t.services.sync.settled();

  const listed = await t.app.request(`/db/get-credentials?${new URLSearchParams(namesOf(user))}`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  const credentials = getCredentialsResponseSchema.parse(expectOk('get-credentials', await answered(listed)));
  const bankAccounts = credentials.accounts[bank.bankName]?.accounts ?? [];
  const bankAccount = bankAccounts.find((account) => account.kind === 'checking') ?? bankAccounts[0];
  const brokerage = Object.values(credentials.accounts).find(
    (entry) => entry.account_type === 'snaptrade' && entry.item_id === connectionId,
  );
  const wallet = credentials.accounts[plan.walletName];
  if (!bankAccount || !brokerage || !wallet) {
    throw new Error(
      `fuzz setup: linked accounts missing from get-credentials: ${Object.keys(credentials.accounts)}`,
    );
  }
  const page = expectOk(
    'get-transactions',
    await sealedPost(t, boxPublicKey, user, '/agent/plaid/get-transactions', {
      account_name: bank.bankName,
      start_date: '1970-01-01',
      end_date: '2100-12-31',
      limit: 1,
    }),
  );
  const [snapTradeUser] = await t.rows<{ external_user_id: string }>(
    sql`select external_user_id from provider_user where user_id = ${user.id} and platform = 'snaptrade'`,
  );
  if (typeof page.next_cursor !== 'string' || !snapTradeUser) {
    throw new Error('fuzz setup: no transactions cursor or no SnapTrade user');
  }
  const linkToken = previous?.linkToken ?? (await newLinkToken(t, user));
  const portalToken = previous?.portalToken ?? (await newPortalToken(t, user));
  return {
    ...bank,
    linkToken,
    portalToken,
    bankAccountId: bankAccount.id,
    txCursor: page.next_cursor,
    walletName: plan.walletName,
    walletAddress: wallet.account_id ?? plan.address,
    brokerageName: brokerage.account_name,
    connectionId,
    snapTradeUserId: snapTradeUser.external_user_id,
    publicToken: previous?.publicToken ?? (await publicToken(t, user, plan.spareInstitution)),
  };
}

/** A link token Penny makes for the user, for the Link stand-in. */
async function newLinkToken(t: TestApp, user: Names): Promise<string> {
  return String(expectOk('create_link_token', await connectPost(t, user, '/create_link_token')).link_token);
}

/** The token of a new brokerage portal visit for the user (the SnapTrade user exists by then). */
async function newPortalToken(t: TestApp, user: Names): Promise<string> {
  const { redirectURI } = expectOk('get_login_uri', await connectPost(t, user, '/snaptrade/get_login_uri'));
  return new URL(String(redirectURI)).searchParams.get('token') ?? '';
}

/**
 * New link session tokens for the user after `endpoint` succeeded: a link token and a spare public
 * token after create_link_token or set_access_token, a portal token after get_login_uri (the old ones
 * spent, or pushed out by newer ones: the fakes and Penny keep a user's newest few).
 */
export async function freshLinkSession(
  t: TestApp,
  user: FuzzUser,
  plan: LinkPlan,
  linked: LinkedAccounts,
  endpoint: string,
): Promise<LinkedAccounts> {
  if (endpoint.endsWith('/snaptrade/get_login_uri'))
    return { ...linked, portalToken: await newPortalToken(t, user) };
  return {
    ...linked,
    linkToken: await newLinkToken(t, user),
    publicToken: await publicToken(t, user, plan.spareInstitution),
  };
}

/** The parts of the user's linked accounts a request removed (disconnected, or deleted with its data). */
export async function removedParts(t: TestApp, user: FuzzUser): Promise<Set<LinkPart>> {
  const linked = user.linked;
  if (!linked) return new Set();
  const rows = await t.rows<{ platform: string; name: string; item_id: string | null }>(
    sql`select platform, name, item_id from connection where user_id = ${user.id}`,
  );
  const [snapTradeUser] = await t.rows(sql`select 1 from provider_user where user_id = ${user.id}`);
  const has = (platform: string, test: (row: { name: string; item_id: string | null }) => boolean) =>
    rows.some((row) => row.platform === platform && test(row));
  const removed = new Set<LinkPart>();
  if (!has('plaid', (row) => row.item_id === linked.itemId)) removed.add('bank');
  if (!has('web3', (row) => row.name === linked.walletName)) removed.add('wallet');
  if (!snapTradeUser || !has('snaptrade', (row) => row.item_id === linked.connectionId))
    removed.add('brokerage');
  return removed;
}
