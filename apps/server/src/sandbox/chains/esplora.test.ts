import { listen } from '@penny/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEsploraSandbox } from './esplora.ts';
import { seededRandom } from './random.ts';
import { generateWallet, randomAddress, type Wallet } from './wallet-data.ts';

const NOW = new Date('2026-11-23T16:00:00Z');
let server: Awaited<ReturnType<typeof listen>>;
let wallet: Wallet;

type Tx = {
  txid: string;
  fee: number;
  vin: { txid: string; vout: number; prevout: { scriptpubkey_address: string; value: number } }[];
  vout: { scriptpubkey_address: string; value: number }[];
  status: { confirmed: boolean; block_time?: number; block_height?: number };
};
const get = async (path: string) => fetch(`${server.url}${path}`);
const json = async <T>(path: string): Promise<T> => (await get(path)).json() as Promise<T>;
/** The address's net change in a transaction: outputs paid to it minus the outputs it spent. */
const netChange = (tx: Tx, address: string) =>
  tx.vout.filter((o) => o.scriptpubkey_address === address).reduce((s, o) => s + o.value, 0) -
  tx.vin.filter((i) => i.prevout.scriptpubkey_address === address).reduce((s, i) => s + i.prevout.value, 0);

beforeAll(async () => {
  server = await listen(createEsploraSandbox({ now: () => NOW }));
  // A wallet with a mempool transaction, so both parts of /txs show.
  const random = seededRandom('esplora-test');
  for (;;) {
    const candidate = generateWallet('btc', randomAddress('btc', random), NOW);
    if (candidate.pendingNative > 0n && candidate.transfers.length > 26) {
      wallet = candidate;
      break;
    }
  }
});
afterAll(() => server.close());

describe('Esplora sandbox', () => {
  it('reports chain and mempool stats in sats: funded − spent is the balance', async () => {
    const info = await json<{
      address: string;
      chain_stats: Record<string, number>;
      mempool_stats: Record<string, number>;
    }>(`/address/${wallet.address}`);
    expect(info.address).toBe(wallet.address);
    const confirmed = wallet.transfers.filter((t) => t.block !== null);
    expect(info.chain_stats.tx_count).toBe(confirmed.length);
    const expected = confirmed.reduce(
      (sum, t) => sum + (t.direction === 'in' ? t.units : -(t.units + t.txFee)),
      0n,
    );
    expect(BigInt((info.chain_stats.funded_txo_sum ?? 0) - (info.chain_stats.spent_txo_sum ?? 0))).toBe(
      expected,
    );
    expect(BigInt((info.mempool_stats.funded_txo_sum ?? 0) - (info.mempool_stats.spent_txo_sum ?? 0))).toBe(
      wallet.pendingNative,
    );
  });

  it('lists mempool then 25 confirmed transactions, and pages older ones by the last txid', async () => {
    const first = await json<Tx[]>(`/address/${wallet.address}/txs`);
    expect(first[0]?.status.confirmed).toBe(false);
    const confirmedFirst = first.filter((tx) => tx.status.confirmed);
    expect(confirmedFirst.length).toBe(25);
    const seen = [...first];
    let page = confirmedFirst;
    while (page.length === 25) {
      page = await json<Tx[]>(`/address/${wallet.address}/txs/chain/${page.at(-1)?.txid}`);
      seen.push(...page);
    }
    const newestFirst = [...wallet.transfers].reverse();
    expect(seen.map((tx) => tx.txid)).toEqual(newestFirst.map((t) => t.id));
    for (const [index, tx] of seen.entries()) {
      const transfer = newestFirst[index];
      if (!transfer) throw new Error('missing transfer');
      const expected = transfer.direction === 'in' ? transfer.units : -(transfer.units + transfer.txFee);
      expect(BigInt(netChange(tx, wallet.address))).toBe(expected);
      if (tx.status.confirmed) expect(tx.status.block_time).toBe(transfer.time);
    }
  });

  it('spends outputs that exist: every input of the address is an earlier output to it', async () => {
    const all: Tx[] = [];
    let page = await json<Tx[]>(`/address/${wallet.address}/txs/chain`);
    all.push(...page);
    while (page.length === 25) {
      page = await json<Tx[]>(`/address/${wallet.address}/txs/chain/${page.at(-1)?.txid}`);
      all.push(...page);
    }
    const outputs = new Map(
      all.flatMap((tx) => tx.vout.map((o, index) => [`${tx.txid}:${index}`, o] as const)),
    );
    for (const tx of all)
      for (const input of tx.vin)
        if (input.prevout.scriptpubkey_address === wallet.address)
          expect(outputs.get(`${input.txid}:${input.vout}`)?.value).toBe(input.prevout.value);
  });

  it('answers the tip height as plain text', async () => {
    const response = await get('/blocks/tip/height');
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(Number(await response.text())).toBeGreaterThan(900_000);
  });

  it.each([
    ['/address/bc1qnotanaddress'],
    ['/address/tb1q0xcqpzrky6eff2g52qdye53xkk9jxkvrh6yhyw/txs'],
    ['/address/1BoatSLRHtKNngkdXEeobR76b53LETtpyX/txs/chain/abc'],
  ])('refuses %s with 400 and a text message', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/^Invalid (Bitcoin address|hex string)$/);
  });
});
