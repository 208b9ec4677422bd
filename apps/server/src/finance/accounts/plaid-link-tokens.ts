import { and, desc, eq, lt, notInArray } from 'drizzle-orm';
import { type PlaidAdapter, ProviderError } from '../../connections/types.ts';
import { tables } from '../../db/index.ts';
import { newId } from '../ledger.ts';
import type { AccountsDeps } from './deps.ts';

/**
 * The link tokens Penny made for each user, so that a public token is exchanged only when it came from
 * a Link session one of them started (Plaid's /link/token/get lists each session's public token): a
 * public token taken from another user's browser is refused before anything is stored
 * (docs/decisions/0014-sandbox-keys-and-link-sessions.md).
 */

const { plaidLinkToken } = tables;

/** Kept per user: the newest few, each until a while past its expiry (a public token lives 30 minutes). */
const KEPT_PER_USER = 10;
const KEPT_PAST_EXPIRY_MS = 60 * 60_000;

const binding = (userId: string, id: string) => ({ userId, connectionId: `plaid-link-token:${id}` });

type Deps = Pick<AccountsDeps, 'db' | 'vault' | 'now'>;

/** Records a link token made for the user; older and stale ones of theirs go. */
export async function rememberLinkToken(
  deps: Deps,
  userId: string,
  linkToken: string,
  expiration: string,
): Promise<void> {
  const id = newId('plt');
  const parsed = Date.parse(expiration);
  const expiresAt = new Date(Number.isNaN(parsed) ? deps.now().getTime() + 4 * 3_600_000 : parsed);
  await deps.db.insert(plaidLinkToken).values({
    id,
    userId,
    sealedToken: deps.vault.seal(linkToken, binding(userId, id)),
    expiresAt,
  });
  const stale = new Date(deps.now().getTime() - KEPT_PAST_EXPIRY_MS);
  await deps.db
    .delete(plaidLinkToken)
    .where(and(eq(plaidLinkToken.userId, userId), lt(plaidLinkToken.expiresAt, stale)));
  const newest = deps.db
    .select({ id: plaidLinkToken.id })
    .from(plaidLinkToken)
    .where(eq(plaidLinkToken.userId, userId))
    .orderBy(desc(plaidLinkToken.createdAt), desc(plaidLinkToken.id))
    .limit(KEPT_PER_USER);
  await deps.db
    .delete(plaidLinkToken)
    .where(and(eq(plaidLinkToken.userId, userId), notInArray(plaidLinkToken.id, newest)));
}

/**
 * Whether `publicToken` came from a Link session one of the user's own link tokens started. A link
 * token Plaid no longer knows is simply not a match; Plaid being unreachable is its failure.
 */
export async function fromOwnLinkSession(
  deps: Deps,
  plaid: PlaidAdapter,
  userId: string,
  publicToken: string,
): Promise<boolean> {
  const stale = new Date(deps.now().getTime() - KEPT_PAST_EXPIRY_MS);
  const rows = await deps.db
    .select()
    .from(plaidLinkToken)
    .where(eq(plaidLinkToken.userId, userId))
    .orderBy(desc(plaidLinkToken.createdAt), desc(plaidLinkToken.id))
    .limit(KEPT_PER_USER);
  for (const row of rows) {
    if (row.expiresAt < stale) continue;
    const linkToken = deps.vault.open(row.sealedToken, binding(userId, row.id));
    try {
      if ((await plaid.linkSessionPublicTokens(linkToken)).includes(publicToken)) return true;
    } catch (error) {
      if (error instanceof ProviderError && (error.kind === 'invalid-request' || error.kind === 'not-found'))
        continue;
      throw error;
    }
  }
  return false;
}
