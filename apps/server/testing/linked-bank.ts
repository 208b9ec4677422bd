import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createVault } from '../src/connections/vault.ts';
import { tables } from '../src/db/index.ts';
import { accountsClient } from './accounts.ts';
import { createTestApp, type TestApp } from './app.ts';

/**
 * A verified user with the sandbox bank linked and synced, and what the queue tests read of that one
 * connection: the sandbox's control routes for its item, its row, its stored transactions, its log lines.
 */
export async function linkedBankConnection(t: TestApp) {
  const user = await t.signUpVerifiedUser();
  const userId = user.user.id;
  const linked = await (await accountsClient(t, user)).linkBank();
  if (linked.status !== 200) throw new Error(`linking the sandbox bank answered ${linked.status}`);
  await t.services.sync.settled();
  const [row] = await t.database.db
    .select()
    .from(tables.connection)
    .where(and(eq(tables.connection.userId, userId), eq(tables.connection.itemId, linked.body.item_id)));
  if (!row?.sealedSecret) throw new Error('no linked bank');
  const connectionId = row.id;
  const accessToken = createVault(t.secrets.vaultKey).open(row.sealedSecret, { userId, connectionId });

  /** A sandbox control route for this item ('/sandbox/item/advance'). */
  const control = async (path: string, body: Record<string, unknown>) => {
    const keys = t.sandboxKeys;
    if (!keys) throw new Error('no sandbox');
    const response = await t.app.request(`/sandbox/plaid${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'plaid-client-id': keys.plaid.clientId,
        'plaid-secret': keys.plaid.secret,
      },
      body: JSON.stringify({ access_token: accessToken, ...body }),
    });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  };
  const connection = async () => {
    const [found] = await t.database.db
      .select()
      .from(tables.connection)
      .where(eq(tables.connection.id, connectionId));
    if (!found) throw new Error('the connection is gone');
    return found;
  };
  const transactionCount = async () => {
    const [count] = await t.rows<{ n: number }>(
      sql`select count(*)::int as n from ${tables.ledgerTransaction} where connection_id = ${connectionId}`,
    );
    return count?.n ?? 0;
  };
  const jobLines = (message: string) =>
    t.logs.filter((line) => line.msg === message && line.connectionId === connectionId);
  /** The sync job a webhook about this bank queues. */
  const job = { userId, connectionId, reason: 'plaid-webhook' } as const;
  return { userId, connectionId, accessToken, control, connection, transactionCount, jobLines, job };
}

export type LinkedBankConnection = Awaited<ReturnType<typeof linkedBankConnection>>;

/**
 * The setup the job queue tests share: a listening app with one linked bank for the describe block,
 * and the queues its tests make, closed after it (before the app). Bind what it gives, as with
 * useIdentityApp:
 * ```ts
 * useLinkedBankApp({ database: kind, listen: true }, (suite) => ({ t, bank, keep } = suite));
 * ```
 */
export function useLinkedBankApp(
  options: Parameters<typeof createTestApp>[0],
  bind: (suite: {
    t: TestApp;
    bank: LinkedBankConnection;
    keep: <Q extends { close(): Promise<void> }>(queue: Q) => Q;
  }) => void,
): void {
  let t: TestApp | undefined;
  const queues: { close(): Promise<void> }[] = [];
  const keep = <Q extends { close(): Promise<void> }>(queue: Q): Q => {
    queues.push(queue);
    return queue;
  };
  beforeAll(async () => {
    t = await createTestApp(options);
    bind({ t, bank: await linkedBankConnection(t), keep });
  }, 60_000);
  afterAll(async () => {
    for (const queue of queues) await queue.close();
    await t?.close();
  });
}
