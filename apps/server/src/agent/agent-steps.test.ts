import { type AgentAction, type ChatResponse, NOTHING_FOUND_STATUS } from '@penny/contracts';
import { accountsClient, createTestApp, type TestApp } from '@penny/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The agent actions a turn saves say what each step really did: asked of the offline analyst over a
 * linked sandbox bank, the tool step's summary names what it read (figures the answer repeats), its
 * time is measured, and a step that found nothing, a question asked back and a refusal are never done.
 */

let t: TestApp;
let client: Awaited<ReturnType<typeof accountsClient>>;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  client = await accountsClient(t, await t.signUpVerifiedUser());
  expect((await client.linkBank()).status).toBe(200);
  await t.services.sync.settled();
});
afterAll(() => t?.close());

async function ask(message: string): Promise<ChatResponse> {
  n += 1;
  const answer = await client.post<ChatResponse>('/agent/chat', {
    message,
    thread_id: 'thread-steps',
    query_id: `query-steps-${n}`,
    user_info: client.names,
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

const toolStep = (answer: ChatResponse, tool: string): AgentAction | undefined =>
  answer.agent_actions.find((action) => action.tool === tool);

describe('the steps of a turn', () => {
  it('sum up a tool step from its result: the subject, the period and the transactions the answer counts', async () => {
    const answer = await ask('How much did I spend on groceries last month?');
    const step = toolStep(answer, 'spending_by_category');
    const counted = answer.answer.match(
      /Groceries in ([A-Z][a-z]+ \d{4}): \$[\d,.]+ across (\d+) transactions?/,
    );
    expect(counted).not.toBeNull();
    expect(step?.status).toBe('completed');
    expect(step?.summary).toBe(`Groceries · ${counted?.[1]} · ${counted?.[2]} transactions`);
    expect(step?.processing_time).toBeGreaterThan(0);
    expect(answer.agent_actions.find((action) => action.id === 'writing')?.description).toBe(
      'Wrote the answer',
    );
  });

  it('say nothing was found when the tool had nothing to read, with its reason', async () => {
    const answer = await ask('What are my crypto balances?');
    const step = toolStep(answer, 'crypto_balances');
    expect(step?.status).toBe(NOTHING_FOUND_STATUS);
    expect(step?.description).toBe('No crypto wallets are linked.');
    expect(step?.summary).toBe('Crypto balances');
  });

  it('mark a refusal as blocked and a question asked back as clarification, each with a summary', async () => {
    const declined = await ask('What is the weather today?');
    expect(declined.agent_actions.find((a) => a.tool === 'decline_out_of_scope')).toMatchObject({
      status: 'blocked',
      summary: 'Not a question about your money',
    });
    const asked = await ask('How much did I spend at the other place?');
    expect(asked.agent_actions.find((a) => a.tool === 'ask_clarification')).toMatchObject({
      status: 'clarification_needed',
      summary: 'Asked you which you mean',
    });
  });
});
