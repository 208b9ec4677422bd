import {
  ACCOUNT_LIMITS,
  ACCOUNT_SUFFIX,
  type AccountCredential,
  type AccountPlatform,
  accountMessages,
  type ChainCode,
  type ConnectionStatus,
  LINKING,
  PLATFORMS,
} from '@penny/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { validateAddress } from '../connections/chains/address.ts';
import type { ProviderReaders } from '../connections/index.ts';
import { ProviderError, type ProviderErrorKind, type SnapTradeUser } from '../connections/types.ts';
import type { Vault } from '../connections/vault.ts';
import type { Database } from '../db/index.ts';
import { tables } from '../db/index.ts';
import type { LinkedAccountCleanup } from '../identity/index.ts';
import type { Logger } from '../logger.ts';
import { ServiceError } from '../services/errors.ts';
import {
  type AccountView,
  type ConnectionRow,
  listConnections,
  listHoldings,
  newId,
  queryTransactions,
  type TransactionView,
} from './ledger.ts';
import type { SyncEngine } from './sync.ts';

const { connection, providerUser } = tables;

/** The vault binding of the SnapTrade user secret (not tied to one connection). */
const SNAPTRADE_USER_BINDING = 'provider-user:snaptrade';

const SERVICE_ERROR_OF = {
  'invalid-credentials': 'accounts:provider-login-required',
  'login-required': 'accounts:provider-login-required',
  'rate-limited': 'accounts:provider-unavailable',
  unavailable: 'accounts:provider-unavailable',
  timeout: 'accounts:provider-unavailable',
  'cursor-reset': 'accounts:provider-unavailable',
  'not-found': 'accounts:not-found',
  'invalid-request': 'accounts:provider-refused',
} as const satisfies Record<ProviderErrorKind, ServiceError['code']>;

const MESSAGE_OF = {
  'accounts:provider-login-required': accountMessages.providerLoginRequired,
  'accounts:provider-unavailable': accountMessages.providerUnavailable,
  'accounts:not-found': accountMessages.accountNotFound,
  'accounts:provider-refused': accountMessages.providerRefused,
} as const;

/** A provider's failure as the service refusal a client can act on (never the provider's raw text). */
function refusalOf(error: unknown): never {
  if (error instanceof ProviderError) {
    const code = SERVICE_ERROR_OF[error.kind];
    throw new ServiceError(code, MESSAGE_OF[code]);
  }
  throw error;
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    return refusalOf(error);
  }
}

function isPlatform(value: string): value is AccountPlatform {
  return (PLATFORMS as readonly string[]).includes(value);
}

/** The spec's account name: whitespace to underscores, plus the platform suffix. */
export function accountNameFor(label: string, platform: AccountPlatform): string {
  const base =
    label
      .trim()
      .replace(/\s+/g, '_')
      .slice(0, ACCOUNT_LIMITS.nameMax - 20) || 'Account';
  return `${base}${ACCOUNT_SUFFIX[platform]}`;
}

function displayStatus(row: ConnectionRow, at: Date): ConnectionStatus {
  if (row.syncLeaseUntil && row.syncLeaseUntil.getTime() > at.getTime()) return 'syncing';
  return row.status;
}

type TransactionCursor = { date: string; id: number };

function encodeTransactionCursor(position: TransactionCursor): string {
  return Buffer.from(`${position.date}|${position.id}`, 'utf8').toString('base64url');
}

function decodeTransactionCursor(cursor: string): TransactionCursor | null {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) return null;
  const match = /^(\d{4}-\d{2}-\d{2})\|(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match?.[1] || !match[2]) return null;
  // Date.parse rolls 2024-02-30 over to March; only a day that exists may reach the query.
  const day = new Date(`${match[1]}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== match[1]) return null;
  if (match[1] < ACCOUNT_LIMITS.minDate || match[1] > ACCOUNT_LIMITS.maxDate) return null;
  return { date: match[1], id: Number(match[2]) };
}

function accountOut(account: AccountView) {
  return {
    id: account.id,
    name: account.name,
    official_name: account.officialName,
    mask: account.mask,
    kind: account.kind,
    subtype: account.subtype,
    currency: account.currency,
    current: account.current,
    available: account.available,
    limit: account.limit,
    current_usd: account.currentUsd,
    transaction_count: account.transactionCount,
  };
}

/** A connection's accounts as the agent calls answer them. */
function agentAccountsOf({
  connection: row,
  accounts,
}: {
  connection: ConnectionRow;
  accounts: AccountView[];
}) {
  return accounts.map((account) => ({
    ...accountOut(account),
    account_name: row.name,
    account_type: row.platform,
    institution_name: row.institutionName,
  }));
}

function transactionOut(row: TransactionView) {
  return {
    id: String(row.id),
    account_id: row.accountId,
    date: row.date,
    amount: row.amount,
    currency: row.currency,
    amount_usd: row.amountUsd,
    name: row.name,
    merchant: row.merchant,
    category: row.categoryPrimary,
    category_detailed: row.categoryDetailed,
    pending: row.pending,
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

/**
 * Linked accounts: one named handler per operation, each taking the acting user's id explicitly. The
 * routes of /db, /agent and /connect call these, and the agent's tools will call the same ones.
 * Provider credentials are opened from the vault only inside these handlers and the sync engine.
 */
export function createAccountsService(deps: {
  db: Database;
  vault: Vault;
  clients: ProviderReaders;
  sync: SyncEngine;
  logger: Logger;
  /** Where SnapTrade's portal sends the browser back to (the SPA's callback page). */
  snapTradeRedirectUrl: string;
  /** Data older than this is synced again when read through the agent calls. */
  syncMaxAgeMs: number;
  now?: () => Date;
}) {
  const { db, vault, clients, sync, logger } = deps;
  const now = deps.now ?? (() => new Date());

  async function connectionsOf(userId: string, platform?: AccountPlatform, accountName?: string) {
    const all = await listConnections(db, userId);
    return all.filter(
      (entry) =>
        (!platform || entry.connection.platform === platform) &&
        (!accountName || entry.connection.name === accountName),
    );
  }

  async function requireConnection(userId: string, accountName: string, platform?: AccountPlatform) {
    const [row] = await db
      .select()
      .from(connection)
      .where(and(eq(connection.userId, userId), eq(connection.name, accountName)));
    // Another user's connection, or one of another platform, is simply not there.
    if (!row || (platform && row.platform !== platform)) {
      throw new ServiceError('accounts:not-found', accountMessages.accountNotFound);
    }
    return row;
  }

  /** The user's connection of a platform by its item id (Plaid item, SnapTrade authorization). */
  async function connectionByItem(userId: string, platform: 'plaid' | 'snaptrade', itemId: string) {
    const [row] = await db
      .select()
      .from(connection)
      .where(
        and(eq(connection.userId, userId), eq(connection.platform, platform), eq(connection.itemId, itemId)),
      );
    return row;
  }

  /** Removes a connection at its provider, then with all its data. */
  async function disconnectByItem(
    userId: string,
    platform: 'plaid' | 'snaptrade',
    itemId: string,
  ): Promise<void> {
    const row = await connectionByItem(userId, platform, itemId);
    if (!row) throw new ServiceError('accounts:not-found', accountMessages.accountNotFound);
    await guarded(() => removeAtProvider(row));
    await db.delete(connection).where(eq(connection.id, row.id));
  }

  /** A free account name: 'Chase_plaid', then 'Chase_2_plaid', ... */
  async function freeName(userId: string, label: string, platform: AccountPlatform): Promise<string> {
    const taken = new Set(
      (await db.select({ name: connection.name }).from(connection).where(eq(connection.userId, userId))).map(
        (row) => row.name,
      ),
    );
    const first = accountNameFor(label, platform);
    if (!taken.has(first)) return first;
    const stem = first.slice(0, -ACCOUNT_SUFFIX[platform].length);
    for (let index = 2; ; index += 1) {
      const candidate = `${stem}_${index}${ACCOUNT_SUFFIX[platform]}`;
      if (!taken.has(candidate)) return candidate;
    }
  }

  async function snapTradeUser(userId: string): Promise<SnapTradeUser | undefined> {
    const [row] = await db
      .select()
      .from(providerUser)
      .where(and(eq(providerUser.userId, userId), eq(providerUser.platform, 'snaptrade')));
    if (!row) return undefined;
    return {
      userId: row.externalUserId,
      userSecret: vault.open(row.sealedSecret, { userId, connectionId: SNAPTRADE_USER_BINDING }),
    };
  }

  async function requireSnapTradeUser(userId: string): Promise<SnapTradeUser> {
    const user = await snapTradeUser(userId);
    if (!user) throw new ServiceError('accounts:not-found', accountMessages.accountNotFound);
    return user;
  }

  /** Removes a connection at its provider (best effort for web3: nothing to remove). */
  async function removeAtProvider(row: ConnectionRow): Promise<void> {
    try {
      if (row.platform === 'plaid' && row.sealedSecret) {
        await clients
          .plaid()
          .removeItem(vault.open(row.sealedSecret, { userId: row.userId, connectionId: row.id }));
      } else if (row.platform === 'snaptrade' && row.itemId) {
        const user = await snapTradeUser(row.userId);
        if (user) await clients.snaptrade().removeAuthorization(user, row.itemId);
      }
    } catch (error) {
      // Already gone at the provider: nothing left to remove there.
      if (error instanceof ProviderError && error.kind === 'not-found') return;
      throw error;
    }
  }

  async function refreshIfStale(userId: string, platform: AccountPlatform, accountName?: string) {
    const rows = await db
      .select()
      .from(connection)
      .where(and(eq(connection.userId, userId), eq(connection.platform, platform)));
    const stale = rows.filter(
      (row) =>
        (!accountName || row.name === accountName) &&
        row.status !== 'login_required' &&
        sync.isStale(row, deps.syncMaxAgeMs),
    );
    // Reads never fail because a provider is down: the last synced data is served, the status says why.
    await Promise.all(stale.map((row) => sync.syncConnection(userId, row.id)));
  }

  function credentialOf(row: ConnectionRow, accounts: AccountView[], at: Date): AccountCredential {
    return {
      account_name: row.name,
      account_type: row.platform,
      item_id: row.itemId,
      account_id: row.platform === 'web3' ? row.externalUserId : row.itemId,
      tag: row.tag,
      chain: row.chain,
      institution_name: row.institutionName,
      status: displayStatus(row, at),
      status_detail: row.statusDetail,
      last_synced_at: row.lastSyncedAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      accounts: accounts.map(accountOut),
    };
  }

  async function createConnection(
    values: Omit<typeof connection.$inferInsert, 'id'>,
    secret?: string,
  ): Promise<string> {
    const id = newId('conn');
    await db.insert(connection).values({
      ...values,
      id,
      sealedSecret: secret ? vault.seal(secret, { userId: values.userId, connectionId: id }) : null,
    });
    return id;
  }

  return {
    /** GET /db/get-credentials: every connection with its accounts; never a token or key. */
    async credentials(userId: string): Promise<Record<string, AccountCredential>> {
      const at = now();
      const entries = await connectionsOf(userId);
      return Object.fromEntries(
        entries.map(({ connection: row, accounts }) => [row.name, credentialOf(row, accounts, at)]),
      );
    },

    /** POST /db/store-credentials: one wallet, by address only. */
    async storeWallet(
      userId: string,
      input: {
        accountName: string;
        chain: ChainCode;
        address: string;
        privateKey?: string | undefined;
        username?: string | undefined;
        tag?: string | undefined;
      },
    ): Promise<{ accountName: string }> {
      if (input.privateKey && input.privateKey.trim() !== '') {
        // Refused, and nothing of it is kept or logged: keys never leave the user's device.
        throw new ServiceError('accounts:private-key-refused', accountMessages.privateKeyRefused);
      }
      const checked = validateAddress(input.chain, input.address);
      if (!checked.ok)
        throw new ServiceError('accounts:invalid-address', accountMessages.invalidAddress(input.chain));
      const accountName = input.accountName.endsWith(ACCOUNT_SUFFIX.web3)
        ? input.accountName
        : `${input.accountName}${ACCOUNT_SUFFIX.web3}`;
      const id = newId('conn');
      const [row] = await db
        .insert(connection)
        .values({
          id,
          userId,
          platform: 'web3',
          name: accountName,
          institutionName: `${{ sol: 'Solana', eth: 'Ethereum', btc: 'Bitcoin' }[input.chain]} wallet`,
          itemId: input.username ?? null,
          externalUserId: checked.address,
          chain: input.chain,
          tag: input.tag || null,
        })
        .onConflictDoUpdate({
          target: [connection.userId, connection.name],
          // Saving a wallet again under its name updates it (same platform only; see the where).
          set: {
            externalUserId: checked.address,
            chain: input.chain,
            tag: input.tag || null,
            itemId: input.username ?? null,
            syncCursor: null,
            lastSyncedAt: null,
            updatedAt: now(),
          },
          setWhere: eq(connection.platform, 'web3'),
        })
        .returning({ id: connection.id });
      if (!row)
        throw new ServiceError('request:invalid', `${accountName} is already used by another account.`);
      await sync.startSync(userId, row.id);
      return { accountName };
    },

    /** POST /db/disconnect-account: removed at the provider first, then with all its data. */
    async disconnect(userId: string, accountName: string, platform: AccountPlatform): Promise<void> {
      const row = await requireConnection(userId, accountName, platform);
      await guarded(() => removeAtProvider(row));
      await db.delete(connection).where(and(eq(connection.id, row.id), eq(connection.userId, userId)));
      logger.info({ userId, connectionId: row.id, platform }, 'account disconnected');
    },

    /** POST /db/refresh-accounts: starts a sync of one connection or of all of them. */
    async refresh(userId: string, accountName?: string): Promise<string[]> {
      const rows = accountName
        ? [await requireConnection(userId, accountName)]
        : await db.select().from(connection).where(eq(connection.userId, userId));
      const started: string[] = [];
      for (const row of rows) {
        const outcome = await sync.startSync(userId, row.id);
        if (outcome !== 'not-found') started.push(row.name);
      }
      return started;
    },

    /** Agent: accounts of one platform (optionally one connection), synced first when stale. */
    async accounts(userId: string, platform: AccountPlatform, accountName?: string) {
      if (accountName) await requireConnection(userId, accountName, platform);
      await refreshIfStale(userId, platform, accountName);
      const entries = await connectionsOf(userId, platform, accountName);
      return entries.flatMap(agentAccountsOf);
    },

    /** Agent: balances (and, for wallets and brokerages, what they hold). */
    async balances(userId: string, platform: AccountPlatform, accountName?: string) {
      if (accountName) await requireConnection(userId, accountName, platform);
      await refreshIfStale(userId, platform, accountName);
      const entries = await connectionsOf(userId, platform, accountName);
      const accountIds = entries.flatMap((entry) => entry.accounts.map((account) => account.id));
      const holdings = await listHoldings(db, userId, accountIds);
      return entries.flatMap(({ connection: row, accounts }) =>
        accounts.map((account) => ({
          account_name: row.name,
          account_type: row.platform,
          account_id: account.providerAccountId,
          name: account.name,
          currency: account.currency,
          current: account.current,
          available: account.available,
          current_usd: account.currentUsd,
          chain: row.chain,
          assets: holdings
            .filter((item) => item.accountId === account.id)
            .map((item) => ({
              symbol: item.ticker ?? item.name,
              name: item.name,
              amount: item.quantity,
              usd_price: item.currency === 'USD' ? item.price : null,
              usd_value: item.currency === 'USD' ? item.value : null,
            })),
        })),
      );
    },

    /** Agent: a connection's transactions in a date range, newest first, keyset paged. */
    async transactions(
      userId: string,
      platform: string,
      query: {
        accountName: string;
        startDate: string;
        endDate: string;
        accountId?: string | undefined;
        search?: string | undefined;
        limit?: number | undefined;
        cursor?: string | undefined;
      },
    ) {
      if (!isPlatform(platform)) {
        throw new ServiceError(
          'accounts:unsupported-platform',
          accountMessages.unsupportedPlatform(platform),
        );
      }
      const row = await requireConnection(userId, query.accountName, platform);
      const after = query.cursor ? decodeTransactionCursor(query.cursor) : undefined;
      if (query.cursor && !after)
        throw new ServiceError('request:invalid', 'Invalid request: cursor: is not a valid cursor');
      const limit = query.limit ?? ACCOUNT_LIMITS.defaultPageSize;
      await refreshIfStale(userId, platform, row.name);
      const rows = await queryTransactions(db, {
        userId,
        connectionId: row.id,
        accountId: query.accountId,
        startDate: query.startDate,
        endDate: query.endDate,
        search: query.search || undefined,
        limit: limit + 1,
        after: after ?? undefined,
      });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        transactions: page.map(transactionOut),
        nextCursor:
          rows.length > limit && last ? encodeTransactionCursor({ date: last.date, id: last.id }) : null,
      };
    },

    // ---- Plaid (account-connection service)

    /**
     * A Link token for a new bank, or with `accountName` (one of the user's Plaid connections) an
     * update-mode token for that item: Link signs the user in again and the exchange keeps the item.
     */
    async plaidLinkToken(userId: string, accountName?: string) {
      let accessToken: string | undefined;
      if (accountName !== undefined) {
        const row = await requireConnection(userId, accountName, 'plaid');
        if (!row.sealedSecret) throw new ServiceError('accounts:not-found', accountMessages.accountNotFound);
        accessToken = vault.open(row.sealedSecret, { userId, connectionId: row.id });
      }
      return guarded(() =>
        clients.plaid().createLinkToken({
          clientUserId: userId,
          clientName: 'Penny',
          ...(accessToken === undefined ? {} : { accessToken }),
        }),
      );
    },

    /** Exchanges Link's public token, stores the sealed access token and starts the first sync. */
    async plaidExchange(userId: string, publicToken: string, productName?: string) {
      const plaid = clients.plaid();
      let exchanged: { accessToken: string; itemId: string };
      try {
        exchanged = await plaid.exchangePublicToken(publicToken);
      } catch (error) {
        if (
          error instanceof ProviderError &&
          (error.kind === 'invalid-request' || error.kind === 'not-found')
        ) {
          throw new ServiceError('accounts:link-token-invalid', accountMessages.linkTokenInvalid);
        }
        return refusalOf(error);
      }
      const existing = await connectionByItem(userId, 'plaid', exchanged.itemId);
      if (existing) {
        // Update mode (re-link): the item keeps its data; the new token replaces the old one.
        await db
          .update(connection)
          .set({
            sealedSecret: vault.seal(exchanged.accessToken, { userId, connectionId: existing.id }),
            status: 'active',
            statusDetail: null,
          })
          .where(eq(connection.id, existing.id));
        await sync.startSync(userId, existing.id);
        return { accountName: existing.name, itemId: exchanged.itemId };
      }
      const institution = await guarded(() => plaid.getAccounts(exchanged.accessToken)).catch(
        () => undefined,
      );
      const label =
        productName && productName !== LINKING.defaultProductName
          ? productName
          : (institution?.institutionName ?? LINKING.defaultProductName);
      const accountName = await freeName(userId, label, 'plaid');
      const id = await createConnection(
        {
          userId,
          platform: 'plaid',
          name: accountName,
          institutionName: institution?.institutionName ?? null,
          itemId: exchanged.itemId,
        },
        exchanged.accessToken,
      );
      await sync.startSync(userId, id);
      return { accountName, itemId: exchanged.itemId };
    },

    async plaidDisconnect(userId: string, itemId: string): Promise<void> {
      await disconnectByItem(userId, 'plaid', itemId);
    },

    // ---- SnapTrade (account-connection service)

    async snapTradeHasUser(userId: string): Promise<boolean> {
      return (await snapTradeUser(userId)) !== undefined;
    },

    /** Registers the user at SnapTrade once; `true` when it already existed. */
    async snapTradeGenerateUser(userId: string): Promise<boolean> {
      if (await snapTradeUser(userId)) return true;
      const registered = await guarded(() => clients.snaptrade().registerUser(`penny-${userId}`));
      const inserted = await db
        .insert(providerUser)
        .values({
          userId,
          platform: 'snaptrade',
          externalUserId: registered.userId,
          sealedSecret: vault.seal(registered.userSecret, { userId, connectionId: SNAPTRADE_USER_BINDING }),
        })
        .onConflictDoNothing()
        .returning({ userId: providerUser.userId });
      if (inserted.length === 0) {
        // Another request registered first: ours is a stray user at SnapTrade; remove it.
        await clients
          .snaptrade()
          .deleteUser(registered.userId)
          .catch(() => undefined);
        return true;
      }
      return false;
    },

    async snapTradeLoginUri(userId: string): Promise<string> {
      const user = await requireSnapTradeUser(userId);
      return guarded(() => clients.snaptrade().loginUri(user, deps.snapTradeRedirectUrl));
    },

    /**
     * Stores the brokerage connections the portal created (one, when the portal named it), syncs their
     * accounts now, and their history in the background.
     */
    async snapTradeStoreConnection(userId: string, authorizationId?: string) {
      const user = await requireSnapTradeUser(userId);
      const snaptrade = clients.snaptrade();
      const authorizations = await guarded(() => snaptrade.listAuthorizations(user));
      const wanted = authorizations.filter((item) => !authorizationId || item.id === authorizationId);
      if (wanted.length === 0) throw new ServiceError('accounts:not-found', accountMessages.accountNotFound);
      const stored: string[] = [];
      for (const authorization of wanted) {
        const existing = await connectionByItem(userId, 'snaptrade', authorization.id);
        const id =
          existing?.id ??
          (await createConnection({
            userId,
            platform: 'snaptrade',
            name: await freeName(userId, authorization.brokerageName, 'snaptrade'),
            institutionName: authorization.brokerageName,
            itemId: authorization.id,
            externalUserId: user.userId,
          }));
        const outcome = await sync.syncConnection(userId, id);
        if (outcome.status === 'failed')
          logger.warn({ userId, kind: outcome.kind }, 'first brokerage sync failed');
        stored.push(id);
      }
      const entries = (await connectionsOf(userId, 'snaptrade')).filter((entry) =>
        stored.includes(entry.connection.id),
      );
      return entries.flatMap(agentAccountsOf);
    },

    async snapTradeDisconnect(userId: string, authorizationId: string): Promise<void> {
      await disconnectByItem(userId, 'snaptrade', authorizationId);
    },

    /** Delete Data / Delete Account: the provider-side users and items go first. */
    linkedAccountCleanups: [
      {
        platform: 'plaid',
        async removeAll(userId: string) {
          const rows = await db
            .select()
            .from(connection)
            .where(and(eq(connection.userId, userId), eq(connection.platform, 'plaid')));
          for (const row of rows) await removeAtProvider(row);
        },
      },
      {
        platform: 'snaptrade',
        async removeAll(userId: string) {
          const user = await snapTradeUser(userId);
          if (!user) return;
          try {
            await clients.snaptrade().deleteUser(user.userId);
          } catch (error) {
            if (!(error instanceof ProviderError && error.kind === 'not-found')) throw error;
          }
        },
      },
    ] satisfies LinkedAccountCleanup[],

    /**
     * In one read: how many of the user's connections are syncing right now (a lease held by any
     * process), and a stamp that changes whenever their linked data may have (a connection added,
     * removed or synced). Caches of whole-ledger summaries (the agent's vocabulary) are keyed by it.
     */
    async ledgerState(userId: string): Promise<{ syncing: number; stamp: string }> {
      const [row] = await db
        .select({
          count: sql<number>`count(*)::int`,
          syncing: sql<number>`count(*) filter (where ${tables.connection.syncLeaseUntil} > now())::int`,
          synced: sql<string | null>`max(${tables.connection.lastSyncedAt})::text`,
          updated: sql<string | null>`max(${tables.connection.updatedAt})::text`,
        })
        .from(tables.connection)
        .where(eq(tables.connection.userId, userId));
      return {
        syncing: row?.syncing ?? 0,
        stamp: `${row?.count ?? 0}|${row?.synced ?? ''}|${row?.updated ?? ''}`,
      };
    },

    /** Counts for benches and tests. */
    async transactionCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(tables.ledgerTransaction)
        .where(eq(tables.ledgerTransaction.userId, userId));
      return row?.count ?? 0;
    },
  };
}
