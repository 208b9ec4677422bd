import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { randomSandboxKeys, standaloneSandboxHost } from '@penny/server/testing';
import { Hono } from 'hono';
import { Configuration, PlaidApi, Products } from 'plaid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlaidAdapter } from '../../connections/plaid/index.ts';
import { ProviderError, type TransactionPage } from '../../connections/types.ts';
import { createMemorySandboxStore } from '../store.ts';
import { createPlaidSandbox } from './index.ts';

/**
 * The sandbox Plaid's first pull through the official SDK and Penny's adapter, on a clock the test moves
 * (docs/decisions/0027-the-first-pull.md): nothing and PRODUCT_NOT_READY at first, then the last 30
 * days, then the whole history reached through the same cursor; a pagination that spans a stage is
 * refused as Plaid refuses data changing mid-pagination.
 */

const KEYS = randomSandboxKeys().plaid;
const START = Date.parse('2026-03-15T15:00:00Z');
let at = START;
let server: ReturnType<typeof serve>;
let basePath: string;

beforeAll(async () => {
  const root = new Hono();
  root.route(
    '/plaid',
    createPlaidSandbox({
      store: createMemorySandboxStore(),
      credentials: KEYS,
      host: standaloneSandboxHost(),
      initialPull: { recentMs: 5_000, completeMs: 20_000 },
      now: () => new Date(at),
    }),
  );
  server = serve({ fetch: root.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  basePath = `http://127.0.0.1:${(server.address() as AddressInfo).port}/plaid`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const adapter = () => createPlaidAdapter({ basePath, clientId: KEYS.clientId, secret: KEYS.secret });

async function newItem(institution: string): Promise<string> {
  const sdk = new PlaidApi(
    new Configuration({
      basePath,
      baseOptions: { headers: { 'PLAID-CLIENT-ID': KEYS.clientId, 'PLAID-SECRET': KEYS.secret } },
    }),
  );
  at = START;
  const created = await sdk.sandboxPublicTokenCreate({
    institution_id: institution,
    initial_products: [Products.Transactions],
  });
  const exchanged = await sdk.itemPublicTokenExchange({ public_token: created.data.public_token });
  return exchanged.data.access_token;
}

/** Every page from `cursor` on; the last page's history and cursor. */
async function readAll(token: string, cursor: string | null, count = 500) {
  const pages: TransactionPage[] = [];
  let next = cursor;
  for (;;) {
    const page = await adapter().syncTransactions(token, next, count);
    pages.push(page);
    next = page.nextCursor;
    if (!page.hasMore) break;
  }
  const last = pages.at(-1);
  return {
    added: pages.flatMap((page) => page.added),
    history: last?.history,
    cursor: last?.nextCursor ?? '',
  };
}

const daysBefore = (days: number) => new Date(at - days * 86_400_000).toISOString().slice(0, 10);

describe('the sandbox Plaid’s first pull', () => {
  it('has nothing, then the last 30 days, then the whole history through the same cursor', async () => {
    const token = await newItem('ins_109508');
    const empty = await readAll(token, null);
    expect(empty).toEqual({ added: [], history: 'pending', cursor: '' });
    // Holdings not fetched yet: not ready, which is not an error and not "none".
    expect(await adapter().getHoldings(token)).toBeNull();
    // The accounts and balances are there from the start.
    expect((await adapter().getAccounts(token)).accounts.length).toBeGreaterThan(0);

    at = START + 5_000;
    const recent = await readAll(token, empty.cursor || null);
    expect(recent.history).toBe('recent');
    expect(recent.added.length).toBeGreaterThan(0);
    expect(recent.added.every((transaction) => transaction.date >= daysBefore(31))).toBe(true);
    expect(await adapter().getHoldings(token)).not.toBeNull();

    at = START + 20_000;
    const rest = await readAll(token, recent.cursor);
    expect(rest.history).toBe('complete');
    // Only what the first 30 days did not hold, and it reaches back about two years.
    const seen = new Set(recent.added.map((transaction) => transaction.providerTransactionId));
    expect(rest.added.some((transaction) => seen.has(transaction.providerTransactionId))).toBe(false);
    expect(rest.added.some((transaction) => transaction.date < daysBefore(700))).toBe(true);
    const whole = await readAll(token, null);
    expect(new Set(whole.added.map((transaction) => transaction.providerTransactionId))).toEqual(
      new Set([...recent.added, ...rest.added].map((transaction) => transaction.providerTransactionId)),
    );
  });

  it('refuses a pagination begun before the whole history was ready as data changed mid-pagination', async () => {
    const token = await newItem('ins_109509');
    at = START + 5_000;
    const first = await adapter().syncTransactions(token, null, 10);
    expect(first.hasMore).toBe(true);
    at = START + 20_000;
    const failure = await adapter()
      .syncTransactions(token, first.nextCursor, 10)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ kind: 'cursor-reset' });
  });
});
