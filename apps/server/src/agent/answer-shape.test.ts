import type { ChatResponse } from '@penny/contracts';
import { accountsClient, createTestApp, type SignedUpUser, type TestApp } from '@penny/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The user's preferences shape the answer to the same question: Visuals decides the charts, Numbers
 * the figures and tables, the tone the voice. Asked of the offline analyst over a linked sandbox bank.
 */

let t: TestApp;
let user: SignedUpUser;
let client: Awaited<ReturnType<typeof accountsClient>>;
let n = 0;

const QUESTION = 'Give me a breakdown of my spending by category for last month.';
const CHART_TYPES = new Set(['pie', 'bar', 'line']);

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  user = await t.signUpVerifiedUser();
  client = await accountsClient(t, user);
  const exchanged = await client.linkBank();
  expect(exchanged.status).toBe(200);
  // Linking starts the first sync in the background; the questions are about the synced ledger.
  await t.services.sync.settled();
});
afterAll(() => t?.close());

async function askWith(preferences: Record<string, unknown>): Promise<ChatResponse> {
  const saved = await client.post('/db/save-user-preferences', { preferences });
  expect(saved.status).toBe(200);
  n += 1;
  const answer = await client.post<ChatResponse>('/agent/chat', {
    message: QUESTION,
    thread_id: `thread-shape-${n}`,
    query_id: `query-shape-${n}`,
    user_info: client.names,
  });
  expect(answer.status).toBe(200);
  expect(answer.body.status).toBe('completed');
  return answer.body;
}

function blocksOf(answer: ChatResponse): Array<{ type: string }> {
  const container = answer.dsl_objects[0] as { content_blocks?: Array<{ type: string }> } | undefined;
  return container?.content_blocks ?? [];
}

const amounts = (text: string) => text.match(/\$[\d,]+\.\d{2}/g)?.length ?? 0;

describe('the ledger summary a turn reads', () => {
  it('is read again after the user links an account (a cached summary never hides new data)', async () => {
    const newcomer = await t.signUpVerifiedUser();
    const api = await accountsClient(t, newcomer);
    const ask = async (id: string) =>
      (
        await api.post<ChatResponse>('/agent/chat', {
          message: 'How much did I spend on groceries last month?',
          thread_id: `thread-${id}`,
          query_id: `query-${id}`,
          user_info: api.names,
        })
      ).body;
    const before = await ask('before-link');
    expect(before.answer).not.toMatch(/Groceries/);
    expect((await api.linkBank()).status).toBe(200);
    await t.services.sync.settled();
    const after = await ask('after-link');
    expect(after.answer).toMatch(/Groceries in [A-Z][a-z]+ \d{4}: \$[\d,]+\.\d{2}/);
  });
});

describe('answers shaped by the preferences', () => {
  it('Visuals 1 gives no chart and Visuals 10 gives charts, for the same question', async () => {
    const plain = await askWith({ 'Response Detail': { 'Detail Visual': '1/10', 'Detail Numbers': '5/10' } });
    const rich = await askWith({ 'Response Detail': { 'Detail Visual': '10/10', 'Detail Numbers': '5/10' } });
    expect(blocksOf(plain).filter((b) => CHART_TYPES.has(b.type))).toHaveLength(0);
    expect(blocksOf(rich).filter((b) => CHART_TYPES.has(b.type)).length).toBeGreaterThanOrEqual(1);
    // The figures are the same whatever the shape.
    expect(plain.answer.match(/\$[\d,]+\.\d{2}/)?.[0]).toBe(rich.answer.match(/\$[\d,]+\.\d{2}/)?.[0]);
  });

  it('Numbers 1 states fewer figures and no table; Numbers 10 states more and adds tables', async () => {
    const few = await askWith({ 'Response Detail': { 'Detail Numbers': '1/10', 'Detail Visual': '5/10' } });
    const many = await askWith({ 'Response Detail': { 'Detail Numbers': '10/10', 'Detail Visual': '5/10' } });
    expect(amounts(many.answer)).toBeGreaterThan(amounts(few.answer));
    expect(blocksOf(few).some((b) => b.type === 'table')).toBe(false);
    expect(blocksOf(many).some((b) => b.type === 'table')).toBe(true);
  });

  it("the card leads with the answer's headline figure and never repeats its words, at any setting (decision 0021)", async () => {
    for (const level of ['1/10', '10/10']) {
      const answer = await askWith({
        'Response Detail': { 'Detail Numbers': level, 'Detail Visual': level },
      });
      const [lead] = blocksOf(answer) as Array<{ type: string; content?: string }>;
      expect(lead?.type).toBe('content');
      expect(lead?.content).toMatch(/^\/1 /);
      const headline = answer.answer.match(/\$([\d,]+\.\d{2})/)?.[1]?.replace(/,/g, '');
      expect(lead?.content).toContain(`@currency(USD) ${headline}`);
      const card = JSON.stringify(answer.dsl_objects);
      for (const line of answer.answer.split('\n').filter((each) => each.trim().length > 20)) {
        expect(card).not.toContain(line.trim().slice(0, 40));
      }
    }
  });

  it('the tone changes the voice, not the figures', async () => {
    const formal = await askWith({ 'Conversation Tone': { tone_formal: '3/3' } });
    const funny = await askWith({ 'Conversation Tone': { tone_funny: '3/3' } });
    expect(formal.answer).not.toBe(funny.answer);
    expect(formal.answer.match(/\$[\d,]+\.\d{2}/g)).toEqual(funny.answer.match(/\$[\d,]+\.\d{2}/g));
  });
});
