import {
  type ChatResponse,
  escapeMarkup,
  TOOL_NAMES,
  type ToolInput,
  type ToolName,
  toolInputSchemas,
} from '@penny/contracts';
import {
  accountsClient,
  createTestApp,
  firstOfMonth,
  identityClient,
  lastOfMonth,
  type SignedUpUser,
  type TestApp,
  testDatabaseKinds,
} from '@penny/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financeTools } from './tools/index.ts';
import type { ToolContext, ToolResult } from './tools/types.ts';

/**
 * Issue #19, finding 4: vendor and user text is escaped wherever an answer's content markup includes it.
 * A user links a bank whose transactions include one named with markup (the hostile name of the
 * finding) and a wallet named with markup; every tool and the answers then quote those names as text. That the
 * escaped form renders as exactly its text is proven against the renderer's parser in apps/web
 * (markup/escape.property.test.ts) and in Chromium (e2e/hostile-names.spec.ts).
 */

/** The transaction name of the finding. */
const MERCHANT = '**BOLD** /red REDSHOP /1 @number 999999 @currency(USD) 1000000';
/** A wallet as the user names it (its identifier: underscores read as spaces, docs/accounts.md). */
const WALLET = '**Rich**_/green_Vault_@currency(USD)_5000000_web3';
/** The wallet's account as the tools name it. */
const BANK = '**Rich** /green Vault @currency(USD) 5000000';

/**
 * Markup the hostile names would make if they were not escaped: bold, a colour or size marker, a
 * number or money figure. An escaped character has a backslash before it and matches none of these.
 */
const FORGED = [
  /(?<!\\)\*\*(BOLD|Rich)/,
  /(^|\s)\/(red REDSHOP|1 @number|green Vault)/m,
  /(?<!\\)@number 999999/,
  /(?<!\\)@currency\(USD\) (1000000|5000000)/,
];

function forgeries(content: string): string[] {
  return FORGED.filter((pattern) => pattern.test(content)).map(String);
}

/** Every `content` string of a DSL document (or tool blocks), at any depth. */
function contents(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(contents);
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  return [
    ...(record.type === 'content' && typeof record.content === 'string' ? [record.content] : []),
    ...Object.values(record).flatMap(contents),
  ];
}

/** Every string cell of the tables in a DSL document, at any depth (the renderer shows cells as text). */
function cells(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(cells);
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  const own =
    record.type === 'table' && Array.isArray(record.rows)
      ? record.rows.flatMap((row) => Object.values(row as object).filter((v) => typeof v === 'string'))
      : [];
  return [...own, ...Object.values(record).flatMap(cells)];
}

/** The answer's lines that its card repeats (escaped or not): none, since the chat holds the words. */
function proseIn(body: ChatResponse): string[] {
  const card = contents(body.dsl_objects).join('\n');
  return body.answer
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 20 && (card.includes(line) || card.includes(escapeMarkup(line))));
}

describe.each(testDatabaseKinds())('hostile names in answers (%s)', (database) => {
  let t: TestApp;
  let ada: SignedUpUser;
  let today: string;
  let lastMonth: { start: string; end: string };
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ database, listen: true });
    ada = await t.signUpVerifiedUser();
    today = new Date().toISOString().slice(0, 10);
    lastMonth = { start: firstOfMonth(today, 1), end: lastOfMonth(firstOfMonth(today, 1)) };
    const client = await accountsClient(t, ada);
    const linked = await client.linkBankWithTransactions([
      { date: `${lastMonth.start.slice(0, 8)}15`, amount: 9876.54, description: MERCHANT },
    ]);
    expect(linked.status).toBe(200);
    const wallet = await client.post('/db/store-credentials', {
      account_name: WALLET,
      credentials: {
        chain: 'eth',
        account_id: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
        item_id: ada.user.username,
      },
    });
    expect(wallet.status).toBe(200);
    await t.services.sync.settled();
  }, 240_000);
  afterAll(() => t?.close());

  async function ask(message: string): Promise<ChatResponse> {
    n += 1;
    const api = await identityClient(t);
    const response = await api.sealedPost(
      '/agent/chat',
      {
        message,
        thread_id: `thread-hostile-${n}`,
        query_id: `query-hostile-${n}`,
        user_info: {
          username: ada.user.username,
          firstName: ada.user.firstName,
          lastName: ada.user.lastName,
        },
      },
      ada.token,
    );
    expect(response.status).toBe(200);
    return (await response.json()) as ChatResponse;
  }

  it("quotes the finding's merchant as text in a merchant answer: the prose as written, the card's headline escaped", async () => {
    const body = await ask('Where did I spend the most last month?');
    expect(body.status).toBe('completed');
    // The chat shows the answer as plain text: the name as written.
    expect(body.answer).toContain(MERCHANT);
    // The card holds the figures, not the chat's words (decision 0021): its headline names the merchant,
    // escaped; its table shows the name as a cell (plain text in the renderer).
    expect(proseIn(body)).toEqual([]);
    const [headline] = contents(body.dsl_objects);
    expect(headline).toContain(`/1 ${escapeMarkup(MERCHANT)} @currency(USD) 9876.54`);
    expect(cells(body.dsl_objects)).toContain(MERCHANT);
    for (const text of contents(body.dsl_objects)) expect(forgeries(text)).toEqual([]);
    // The stored turn and the thread's DSL are the same escaped documents.
    const api = await identityClient(t);
    const dsl = await api.get(`/agent/dsl/${body.thread_id}`, ada.token);
    const stored = ((await dsl.json()) as { dsl_objects: unknown[] }).dsl_objects;
    expect(contents(stored)).toEqual(contents(body.dsl_objects));
  });

  it("quotes the user's wallet name as text in an accounts answer", async () => {
    const body = await ask('List my accounts');
    expect(body.status).toBe('completed');
    expect(body.answer).toContain(BANK);
    expect(proseIn(body)).toEqual([]);
    expect(cells(body.dsl_objects)).toContain(BANK);
    for (const text of contents(body.dsl_objects)) expect(forgeries(text)).toEqual([]);
  });

  /** Each tool, with the hostile names wherever its input takes a name, a text or a label. */
  function inputsOf(name: ToolName): Array<Record<string, unknown>> {
    const period = { start: lastMonth.start, end: lastMonth.end };
    switch (name) {
      case 'compound_growth':
        return [{ principal: 1000, annual_rate_percent: 5, years: 2 }];
      case 'loan_payment':
        return [{ principal: 1000, annual_rate_percent: 5, years: 2 }];
      case 'savings_goal':
        return [{ target: 1000, months: 10 }];
      case 'affordability':
        return [{ amount: 100 }];
      case 'search_transactions':
        return [{ text: 'REDSHOP' }, { merchant: MERCHANT }, { account: BANK }];
      case 'propose_recategorize':
        return [
          { match: 'merchant', text: MERCHANT, category: 'TRANSPORTATION', rule: true },
          { match: 'text', text: 'REDSHOP', category: 'GENERAL_MERCHANDISE' },
        ];
      case 'propose_budget':
        return [{ category: 'FOOD_AND_DRINK', amount: 400 }];
      case 'propose_order':
      case 'propose_cancel_order':
      case 'propose_rebalance':
        // An order, a cancel or a rebalance needs a linked brokerage account this user has not; their
        // names are escaped like these (tools/propose-order.ts, open-orders.ts, propose-rebalance.ts)
        // and they are walked in actions/llm-order.test.ts and actions/open-orders.test.ts.
        return [];
      case 'spending_by_category':
        return [
          { ...period, compare_previous: true },
          { ...period, account: BANK },
        ];
      case 'spending_by_merchant':
        return [
          { ...period, compare_previous: true },
          { ...period, merchant: MERCHANT, compare_previous: true },
          { ...period, account: BANK },
        ];
      case 'largest_transactions':
      case 'cash_flow':
      case 'balance_history':
        return [{ ...period, account: BANK }];
      case 'ledger_query':
        return [
          { periods: [{ ...period, label: MERCHANT }], filters: { merchants: [MERCHANT] } },
          { periods: [period], group_by: 'merchant' },
          { periods: [period, period], group_by: 'account', filters: { account: BANK } },
          { periods: [{ ...period, label: BANK }], statistic: 'share', filters: { text: 'REDSHOP' } },
          { periods: [period], group_by: 'month', filters: { merchants: ['REDSHOP'] } },
        ];
      default:
        return [{}];
    }
  }

  it('every tool quotes the hostile names only escaped in its content blocks', async () => {
    const turn = { threadId: 'hostile-thread', queryId: 'hostile-query' };
    const context: ToolContext = { userId: ada.user.id, services: t.services, today, turn };
    let quoted = 0;
    for (const name of TOOL_NAMES) {
      const tool = financeTools[name] as unknown as {
        execute(input: ToolInput<ToolName>, context: ToolContext): Promise<ToolResult>;
      };
      for (const raw of inputsOf(name)) {
        const input = toolInputSchemas[name].parse(raw) as ToolInput<ToolName>;
        const result = await tool.execute(input, context);
        for (const text of contents(result.blocks.map((b) => b.block))) {
          expect(forgeries(text), `${name} ${JSON.stringify(raw)}: ${text}`).toEqual([]);
          if (text.includes(escapeMarkup('**BOLD**')) || text.includes(escapeMarkup('**Rich**'))) quoted++;
        }
      }
    }
    // The walk reached content blocks that name them (else it proves nothing).
    expect(quoted).toBeGreaterThan(0);
  });
});
