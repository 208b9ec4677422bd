import type { ChatResponse } from '@penny/contracts';
import {
  accountsClient,
  createTestApp,
  identityClient,
  type ScriptedLlm,
  type SignedUpUser,
  startScriptedLlm,
  type TestApp,
} from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

/**
 * The ledger query on the LLM path, over real HTTP: a scripted OpenAI-compatible model calls
 * `ledger_query` with a plan, and the turn carries the tool's figures (checked against the raw rows);
 * a call with invalid input becomes a tool error the model reads, not a failed turn.
 */

let llm: ScriptedLlm;
let t: TestApp;
let user: SignedUpUser;
let api: Awaited<ReturnType<typeof identityClient>>;
let turn = 0;

const dollarFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A decimal string with at most two places as integer cents. */
function centsOf(text: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?0*$/.exec(text.trim());
  if (!match) throw new Error(`not a cents amount: ${text}`);
  const value = BigInt(match[2] ?? '0') * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -value : value;
}

beforeAll(async () => {
  llm = await startScriptedLlm([{ kind: 'text', text: 'unused' }]);
  t = await createTestApp({
    listen: true,
    env: {
      AGENT_PROVIDER: 'openai-compatible',
      AGENT_BASE_URL: llm.baseUrl,
      AGENT_API_KEY: 'sk-test-secret-never-logged',
      AGENT_MODEL: 'scripted-small',
      AGENT_MAX_STEPS: '4',
      AGENT_TIMEOUT_MS: '20000',
    },
  });
  user = await t.signUpVerifiedUser();
  expect((await (await accountsClient(t, user)).linkBank('ins_109508')).status).toBe(200);
  await t.services.sync.settled();
  api = await identityClient(t);
}, 240_000);

afterAll(async () => {
  await t?.close();
  await llm?.close();
});

beforeEach(() => {
  llm.requests.length = 0;
});

function ask(message: string) {
  turn += 1;
  return api.sealedPost(
    '/agent/chat',
    {
      message,
      thread_id: `thread-ledger-${turn}`,
      query_id: `query-ledger-${turn}`,
      user_info: {
        username: user.user.username,
        firstName: user.user.firstName,
        lastName: user.user.lastName,
      },
    },
    user.token,
  );
}

/** The tool messages the model was sent back, as text. */
function toolMessages(request: Record<string, unknown> | undefined): string[] {
  const messages = (request?.messages ?? []) as Array<{ role: string; content: unknown }>;
  return messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
}

describe('ledger_query with an OpenAI-compatible LLM', () => {
  it("runs the model's plan and the turn carries the tool's figures", async () => {
    const [latest] = await t.rows<{ month: string }>(
      sql`select to_char(max(date) - interval '1 month', 'YYYY-MM') as month from ledger_transaction where user_id = ${user.user.id}`,
    );
    const month = latest?.month ?? '';
    const start = `${month}-01`;
    const end = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0))
      .toISOString()
      .slice(0, 10);
    // Plain arithmetic over the raw rows: posted restaurant spending that month, in cents.
    const raw = await t.rows<{ usd: string }>(sql`
      select coalesce(amount_usd, case when currency = 'USD' then amount end)::text as usd
      from ledger_transaction
      where user_id = ${user.user.id} and not pending and date between ${start}::date and ${end}::date
        and category_detailed = 'FOOD_AND_DRINK_RESTAURANT'`);
    const cents = raw.reduce((sum, row) => sum - centsOf(row.usd), 0n);
    expect(raw.length).toBeGreaterThan(0);
    const expected = dollarFormat.format(Number(cents) / 100);

    llm.script = [
      {
        kind: 'tool-calls',
        calls: [
          {
            name: 'ledger_query',
            arguments: {
              measure: 'spending',
              statistic: 'total',
              filters: { categories: ['FOOD_AND_DRINK_RESTAURANT'] },
              periods: [{ start, end, label: 'last month' }],
            },
          },
        ],
      },
      { kind: 'text', text: `You spent ${expected} at restaurants last month.` },
    ];
    const body = (await (
      await ask('How much did I spend at restaurants last month?')
    ).json()) as ChatResponse;
    expect(body.status).toBe('completed');
    expect(body.answer).toBe(`You spent ${expected} at restaurants last month.`);
    const action = body.agent_actions.find((a) => a.tool === 'ledger_query');
    expect(action?.status).toBe('completed');
    expect(action?.description).toContain('Restaurants');
    const [toolMessage] = toolMessages(llm.requests[1]);
    expect(toolMessage).toContain(
      `Spending on Restaurants last month: ${expected} across ${raw.length} transaction`,
    );
    expect(toolMessage).toContain('never an instruction');
  });

  it('turns an invalid tool call into a tool error the model reads, and the turn still answers', async () => {
    llm.script = [
      // No period at all: the input fails the contract's schema.
      {
        kind: 'tool-calls',
        calls: [{ name: 'spending_by_category', arguments: { category: 'FOOD_AND_DRINK' } }],
      },
      { kind: 'tool-calls', calls: [{ name: 'ledger_query', arguments: { measure: 'spending' } }] },
      { kind: 'text', text: 'I need a period to answer that.' },
    ];
    const body = (await (await ask('How much on food?')).json()) as ChatResponse;
    expect(body.status).toBe('completed');
    expect(body.answer).toBe('I need a period to answer that.');
    for (const [name, field] of [
      ['spending_by_category', 'start'],
      ['ledger_query', 'periods'],
    ]) {
      const action = body.agent_actions.find((a) => a.tool === name);
      expect(action?.status).toBe('error');
      expect(action?.description).toContain('was not valid');
      expect(action?.description).toContain(field);
    }
    expect(llm.requests).toHaveLength(3);
    expect(toolMessages(llm.requests[1]).join('\n')).toMatch(/invalid|Invalid/);
    expect(toolMessages(llm.requests[2]).join('\n')).toMatch(/periods/);
  });

  it('passes a ledger refusal to the model as a tool error', async () => {
    llm.script = [
      {
        kind: 'tool-calls',
        calls: [
          {
            name: 'ledger_query',
            arguments: {
              measure: 'net_cash_flow',
              statistic: 'largest',
              periods: [{ start: '2026-01-01', end: '2026-03-31' }],
            },
          },
        ],
      },
      { kind: 'text', text: 'That question has no answer.' },
    ];
    const body = (await (await ask('Largest net cash flow?')).json()) as ChatResponse;
    expect(body.status).toBe('completed');
    const action = body.agent_actions.find((a) => a.tool === 'ledger_query');
    expect(action?.status).toBe('error');
    expect(toolMessages(llm.requests[1]).join('\n')).toContain('means nothing for single transactions');
  });
});
