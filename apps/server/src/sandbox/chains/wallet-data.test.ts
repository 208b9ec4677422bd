import { describe, expect, it } from 'vitest';
import type { Chain } from '../../connections/types.ts';
import { seededRandom } from './random.ts';
import { generateWallet, NATIVE, randomAddress, type Wallet } from './wallet-data.ts';

const TODAY = new Date('2026-11-23T16:00:00Z');
const DAY = 86_400_000;

/** Twelve valid addresses per chain, made with a seed unrelated to the generator's. */
function sampleAddresses(chain: Chain): string[] {
  const random = seededRandom(`test-addresses:${chain}`);
  return Array.from({ length: 12 }, () => randomAddress(chain, random));
}

/** Balances recomputed from the raw transfers: in adds, out subtracts the amount and the wallet's fee. */
function summedBalances(wallet: Wallet) {
  let native = 0n;
  const tokens: Record<string, bigint> = {};
  for (const transfer of wallet.transfers) {
    if (transfer.block === null) continue;
    const sign = transfer.direction === 'in' ? 1n : -1n;
    if (transfer.direction === 'out') native -= transfer.txFee;
    if (transfer.asset === NATIVE) native += sign * transfer.units;
    else tokens[transfer.asset] = (tokens[transfer.asset] ?? 0n) + sign * transfer.units;
  }
  return { native, tokens };
}

describe.each(['eth', 'sol', 'btc'] as const)('generateWallet (%s)', (chain) => {
  const wallets = sampleAddresses(chain).map((address) => generateWallet(chain, address, TODAY));

  it('is deterministic: the same address on the same day gives the same wallet', () => {
    const [first] = wallets;
    if (!first) throw new Error('no sample');
    expect(generateWallet(chain, first.address, new Date(TODAY.getTime() + 3_600_000))).toEqual(first);
  });

  it('keeps past transfers unchanged from one day to the next', () => {
    for (const wallet of wallets) {
      const tomorrow = generateWallet(chain, wallet.address, new Date(TODAY.getTime() + DAY));
      const confirmed = wallet.transfers.filter((transfer) => transfer.block !== null);
      expect(tomorrow.transfers.slice(0, confirmed.length)).toEqual(confirmed);
    }
  });

  it('has 20 to 80 transfers over the last two years, both in and out, all before today', () => {
    const twoYearsAgo = TODAY.getTime() / 1000 - 730 * 86_400;
    const startOfToday = Math.floor(TODAY.getTime() / DAY) * 86_400;
    for (const wallet of wallets) {
      const confirmed = wallet.transfers.filter((transfer) => transfer.block !== null);
      const recent = confirmed.filter((transfer) => transfer.time >= twoYearsAgo);
      expect(recent.length).toBeGreaterThanOrEqual(20);
      expect(recent.length).toBeLessThanOrEqual(80);
      expect(confirmed.some((transfer) => transfer.direction === 'out')).toBe(true);
      expect(confirmed.some((transfer) => transfer.direction === 'in')).toBe(true);
      expect(confirmed.every((transfer) => transfer.time < startOfToday)).toBe(true);
      const times = confirmed.map((transfer) => transfer.time);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
  });

  it('has balances equal to the sum of its transfers, never negative along the way', () => {
    for (const wallet of wallets) {
      const { native, tokens } = summedBalances(wallet);
      expect(wallet.nativeBalance).toBe(native);
      expect(wallet.nativeBalance).toBeGreaterThan(0n);
      for (const token of wallet.tokens)
        expect(wallet.tokenBalances[token.address]).toBe(tokens[token.address]);
      for (const transfer of wallet.transfers) {
        expect(transfer.nativeAfter).toBeGreaterThanOrEqual(0n);
        expect(transfer.tokenAfter ?? 0n).toBeGreaterThanOrEqual(0n);
        expect(transfer.units).toBeGreaterThan(0n);
      }
    }
  });

  it(chain === 'btc' ? 'holds no tokens' : 'holds one to three tokens', () => {
    for (const wallet of wallets) {
      if (chain === 'btc') expect(wallet.tokens).toEqual([]);
      else {
        expect(wallet.tokens.length).toBeGreaterThanOrEqual(1);
        expect(wallet.tokens.length).toBeLessThanOrEqual(3);
        expect(wallet.tokens.every((token) => token.chain === chain)).toBe(true);
      }
    }
  });
});

describe('generateWallet across addresses', () => {
  it('gives different addresses different wallets, and treats hex addresses case-insensitively', () => {
    const [a, b] = sampleAddresses('eth');
    if (!a || !b) throw new Error('no sample');
    expect(generateWallet('eth', a, TODAY).transfers).not.toEqual(generateWallet('eth', b, TODAY).transfers);
    expect(generateWallet('eth', a.toLowerCase(), TODAY).transfers).toEqual(
      generateWallet('eth', a, TODAY).transfers,
    );
  });

  it('puts a Bitcoin mempool transaction last, not counted in the confirmed balance', () => {
    const wallets = Array.from({ length: 40 }, (_, index) =>
      generateWallet('btc', randomAddress('btc', seededRandom(`mempool:${index}`)), TODAY),
    );
    const pending = wallets.filter((wallet) => wallet.pendingNative > 0n);
    expect(pending.length).toBeGreaterThan(0);
    for (const wallet of pending) {
      const last = wallet.transfers.at(-1);
      expect(last?.block).toBeNull();
      expect(last?.units).toBe(wallet.pendingNative);
      expect(summedBalances(wallet).native).toBe(wallet.nativeBalance);
    }
  });
});
