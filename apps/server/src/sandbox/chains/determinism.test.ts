import { describe, expect, it } from 'vitest';
import { createEsploraSandbox, createEvmSandbox, createPriceSandbox, createSolanaSandbox } from './index.ts';

const NOW = new Date('2026-11-23T16:00:00Z');

/** Two separate fakes with the same clock must answer the same request with the same bytes. */
async function bothAnswers(
  make: (deps: { now: () => Date }) => {
    request: (path: string, init?: RequestInit) => Response | Promise<Response>;
  },
  path: string,
  body?: unknown,
) {
  const init: RequestInit | undefined =
    body === undefined
      ? undefined
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const answers = await Promise.all(
    [1, 2].map(async () => (await make({ now: () => NOW }).request(path, init)).text()),
  );
  return answers;
}

describe('sandbox determinism', () => {
  it.each([
    [
      'evm txlist',
      createEvmSandbox,
      '/api?chainid=1&module=account&action=txlist&address=0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      undefined,
    ],
    [
      'evm getLogs',
      createEvmSandbox,
      '/',
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_getLogs',
        params: [
          {
            fromBlock: 'earliest',
            topics: [null, null, '0x000000000000000000000000f39fd6e51aad88f6f4ce6ab8827279cfffb92266'],
          },
        ],
      },
    ],
    [
      'solana signatures',
      createSolanaSandbox,
      '/',
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'getSignaturesForAddress',
        params: ['AKnL4NNf3DGWZJS6cPknBuEGnVsV4A4m5tgebLHaRSZ9'],
      },
    ],
    [
      'esplora txs',
      createEsploraSandbox,
      '/address/bc1q0xcqpzrky6eff2g52qdye53xkk9jxkvrh6yhyw/txs',
      undefined,
    ],
    [
      'prices',
      createPriceSandbox,
      '/simple/price?ids=bitcoin,solana&vs_currencies=usd&precision=full',
      undefined,
    ],
  ] as const)('%s: same clock, same bytes', async (_label, make, path, body) => {
    const [first, second] = await bothAnswers(make, path, body);
    expect(first?.length).toBeGreaterThan(50);
    expect(second).toBe(first);
  });
});
