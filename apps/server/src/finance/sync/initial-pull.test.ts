import {
  type AccountCredential,
  type ChatResponse,
  type GetCredentialsResponse,
  historyMessages,
} from '@penny/contracts';
import {
  type AccountsClient,
  accountsClient,
  createTestApp,
  type SignedUpUser,
  startScriptedLlm,
  type TestApp,
} from '@penny/server/testing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVault } from '../../connections/vault.ts';
import { tables } from '../../db/index.ts';

/**
 * A bank's first pull as Plaid runs it, against the sandbox Plaid (docs/accounts.md, "The first pull"):
 * linked, it has accounts and balances but no transactions yet; its last 30 days arrive a moment later,
 * its whole history after that, each announced by a signed webhook that queues a sync. Meanwhile the
 * Accounts page says how far it has come, and the chat says the history is still arriving rather than
 * answering from part of it. The stage timings are the sandbox's configuration, set per app here.
 */

const BANK = 'First Platypus Bank';
/** Longer than any test here: the stage it holds back stays where it is. */
const NEVER = '600000';

type Linked = {
  t: TestApp;
  user: SignedUpUser;
  client: AccountsClient;
  connectionId: string;
  accessToken: string;
};

async function linkWith(env: Record<string, string>): Promise<Linked> {
  const t = await createTestApp({ listen: true, env });
  const user = await t.signUpVerifiedUser();
  const client = await accountsClient(t, user);
  const linked = await client.linkBank();
  expect(linked.status).toBe(200);
  await t.services.sync.settled();
  const [row] = await t.database.db
    .select()
    .from(tables.connection)
    .where(
      and(eq(tables.connection.userId, user.user.id), eq(tables.connection.itemId, linked.body.item_id)),
    );
  if (!row?.sealedSecret) throw new Error('no linked bank');
  const accessToken = createVault(t.secrets.vaultKey).open(row.sealedSecret, {
    userId: user.user.id,
    connectionId: row.id,
  });
  return { t, user, client, connectionId: row.id, accessToken };
}

async function credential(linked: Linked): Promise<AccountCredential> {
  const answer = await linked.client.get<GetCredentialsResponse>('/db/get-credentials');
  expect(answer.status).toBe(200);
  const [only] = Object.values(answer.body.accounts);
  if (!only) throw new Error('no connection listed');
  return only;
}

async function ledgerIds(linked: Linked): Promise<Set<string>> {
  const rows = await linked.t.rows<{ id: string }>(
    sql`select provider_transaction_id as id from ${tables.ledgerTransaction} where connection_id = ${linked.connectionId}`,
  );
  return new Set(rows.map((row) => row.id));
}

/** Every transaction the bank lets a client read now, from the start, with the installation's keys. */
async function vendorTransactions(linked: Linked): Promise<Map<string, string>> {
  const keys = linked.t.sandboxKeys;
  if (!keys) throw new Error('no sandbox');
  const dates = new Map<string, string>();
  let cursor: string | undefined;
  for (;;) {
    const response = await linked.t.app.request('/sandbox/plaid/transactions/sync', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'plaid-client-id': keys.plaid.clientId,
        'plaid-secret': keys.plaid.secret,
      },
      body: JSON.stringify({ access_token: linked.accessToken, count: 500, ...(cursor ? { cursor } : {}) }),
    });
    expect(response.status).toBe(200);
    const page = (await response.json()) as {
      added: { transaction_id: string; date: string }[];
      next_cursor: string;
      has_more: boolean;
    };
    for (const added of page.added) dates.set(added.transaction_id, added.date);
    cursor = page.next_cursor;
    if (!page.has_more) return dates;
  }
}

let turn = 0;
async function ask(linked: Linked, message: string): Promise<ChatResponse> {
  turn += 1;
  const answer = await linked.client.post<ChatResponse>('/agent/chat', {
    message,
    thread_id: `thread-pull-${turn}`,
    query_id: `query-pull-${turn}`,
    user_info: linked.client.names,
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('a bank whose history Plaid is still fetching', () => {
  let linked: Linked;
  beforeAll(async () => {
    linked = await linkWith({
      SANDBOX_PLAID_INITIAL_UPDATE_MS: NEVER,
      SANDBOX_PLAID_HISTORICAL_UPDATE_MS: NEVER,
    });
  }, 60_000);
  afterAll(() => linked?.t.close());

  it('is listed with its accounts and balances, no transactions yet, and says it is fetching them', async () => {
    const bank = await credential(linked);
    // Plaid's empty first sync and its PRODUCT_NOT_READY for holdings are no failure.
    expect(bank).toMatchObject({ status: 'active', status_detail: null, history: 'pending' });
    expect(bank.last_synced_at).not.toBeNull();
    expect(bank.accounts.length).toBeGreaterThan(0);
    expect(bank.accounts.every((account) => account.transaction_count === 0)).toBe(true);
    expect(bank.accounts.some((account) => account.current !== null)).toBe(true);
    expect((await ledgerIds(linked)).size).toBe(0);
    expect(await vendorTransactions(linked)).toEqual(new Map());
  });

  it('answers a question with the history still arriving, and shows it in the checking-accounts step', async () => {
    const answer = await ask(linked, 'How much did I spend on groceries last month?');
    expect(answer.status).toBe('completed');
    expect(answer.answer).toBe(historyMessages.arriving([BANK]));
    expect(answer.agent_actions[0]).toMatchObject({
      id: 'history-arriving',
      description: `${historyMessages.arrivingStep} (${BANK})`,
    });
    // The tool the analyst chose read nothing: no figures over part of the history.
    expect(answer.dsl_objects.flatMap((dsl) => JSON.stringify(dsl).match(/\$\d/g) ?? [])).toEqual([]);
  });
});

describe('a bank whose first 30 days are in and whose history is still arriving', () => {
  let linked: Linked;
  beforeAll(async () => {
    linked = await linkWith({
      SANDBOX_PLAID_INITIAL_UPDATE_MS: '0',
      SANDBOX_PLAID_HISTORICAL_UPDATE_MS: NEVER,
    });
  }, 60_000);
  afterAll(() => linked?.t.close());

  it('holds exactly the last 30 days the bank has ready, and says the rest is on its way', async () => {
    const vendor = await vendorTransactions(linked);
    expect(vendor.size).toBeGreaterThan(0);
    const monthAgo = new Date(Date.now() - 31 * 86_400_000).toISOString().slice(0, 10);
    expect([...vendor.values()].every((date) => date >= monthAgo)).toBe(true);
    expect(await ledgerIds(linked)).toEqual(new Set(vendor.keys()));
    expect(await credential(linked)).toMatchObject({ status: 'active', history: 'recent' });
    expect((await ask(linked, 'What did I spend this month?')).answer).toBe(historyMessages.arriving([BANK]));
  });
});

describe('a bank linked with the sandbox announcing its first pull by webhook', () => {
  let linked: Linked;
  beforeAll(async () => {
    linked = await linkWith({
      PLAID_WEBHOOKS: 'true',
      SANDBOX_PLAID_INITIAL_UPDATE_MS: '300',
      SANDBOX_PLAID_HISTORICAL_UPDATE_MS: '1500',
    });
  }, 60_000);
  afterAll(async () => {
    await linked?.t.services.jobs.settled();
    await linked?.t.close();
  });

  it('fills the whole history with no user action: the webhooks queue the syncs', async () => {
    await vi.waitFor(async () => expect((await credential(linked)).history).toBe('complete'), {
      timeout: 30_000,
      interval: 100,
    });
    await linked.t.services.jobs.settled();
    const vendor = await vendorTransactions(linked);
    const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    expect([...vendor.values()].some((date) => date < yearAgo)).toBe(true);
    expect(await ledgerIds(linked)).toEqual(new Set(vendor.keys()));
    const heard = linked.t.logs
      .filter(
        (line) => line.msg === 'plaid webhook: sync queued' && line.connectionId === linked.connectionId,
      )
      .map((line) => line.webhook);
    // As Plaid sends them: the older codes, and SYNC_UPDATES_AVAILABLE to an item synced before.
    expect(heard).toEqual(
      expect.arrayContaining(['INITIAL_UPDATE', 'HISTORICAL_UPDATE', 'SYNC_UPDATES_AVAILABLE']),
    );
    expect(heard.indexOf('INITIAL_UPDATE')).toBeLessThan(heard.indexOf('HISTORICAL_UPDATE'));
    expect(await credential(linked)).toMatchObject({ status: 'active', history: 'complete' });
    const answer = await ask(linked, 'How much did I spend on groceries last month?');
    expect(answer.answer).not.toContain('still arriving');
    expect(answer.answer).toMatch(/\$[\d,]+\.\d{2}/);
  });
});

describe('an LLM asking for figures while the history is still arriving', () => {
  let linked: Linked;
  let llm: Awaited<ReturnType<typeof startScriptedLlm>>;
  beforeAll(async () => {
    llm = await startScriptedLlm([{ kind: 'text', text: 'unused' }]);
    linked = await linkWith({
      SANDBOX_PLAID_INITIAL_UPDATE_MS: NEVER,
      SANDBOX_PLAID_HISTORICAL_UPDATE_MS: NEVER,
      AGENT_PROVIDER: 'openai-compatible',
      AGENT_BASE_URL: llm.baseUrl,
      AGENT_API_KEY: 'sk-test-secret-never-logged',
      AGENT_MODEL: 'scripted-small',
      AGENT_MAX_STEPS: '3',
    });
  }, 60_000);
  afterAll(async () => {
    await linked?.t.close();
    await llm?.close();
  });

  it('reads, as the tool result, that the history is arriving, and no figures', async () => {
    llm.script = [
      { kind: 'tool-calls', calls: [{ name: 'list_accounts', arguments: {} }] },
      { kind: 'text', text: 'Your history is still arriving.' },
    ];
    const answer = await ask(linked, 'What are my balances?');
    expect(answer.answer).toBe('Your history is still arriving.');
    const second = llm.requests.at(-1)?.messages as Array<{ role: string; content: unknown }>;
    const result = JSON.parse(String(second.find((m) => m.role === 'tool')?.content)) as {
      facts: string[];
      data: unknown;
    };
    expect(result.facts).toEqual([historyMessages.arriving([BANK])]);
    expect(result.data).toEqual({ history_arriving: true, institutions: [BANK] });
  });
});
