import type { Chain } from '../../connections/types.ts';

/**
 * Block numbers, slots and heights as a pure function of time, anchored on real reference points, so a
 * transfer's block, the tip and a block's timestamp always agree:
 * - Ethereum: 12 s slots since the Merge (block 15,537,394 at 1663224179).
 * - Solana: 400 ms slots (slot 300,000,000 at 1729000000, close to the real one).
 * - Bitcoin: 600 s blocks (height 840,000 at the April 2024 halving, 1713571767).
 */
// Seconds per block as a fraction (2/5 for Solana) keeps the conversions exact integer arithmetic.
type Clock = { refBlock: number; refTime: number; seconds: number; blocks: number };

const CLOCKS = {
  eth: { refBlock: 15_537_394, refTime: 1_663_224_179, seconds: 12, blocks: 1 },
  sol: { refBlock: 300_000_000, refTime: 1_729_000_000, seconds: 2, blocks: 5 },
  btc: { refBlock: 840_000, refTime: 1_713_571_767, seconds: 600, blocks: 1 },
} as const satisfies Record<Chain, Clock>;

/** The block (slot, height) current at `unixSeconds`. */
export function blockAt(chain: Chain, unixSeconds: number): number {
  const clock = CLOCKS[chain];
  return clock.refBlock + Math.floor(((unixSeconds - clock.refTime) * clock.blocks) / clock.seconds);
}

/** The timestamp of `block` (whole seconds, as every chain reports it). */
export function timeOfBlock(chain: Chain, block: number): number {
  const clock = CLOCKS[chain];
  return clock.refTime + Math.floor(((block - clock.refBlock) * clock.seconds) / clock.blocks);
}

export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
