import { Address, NETWORK } from '@scure/btc-signer';
import { getBase58Decoder, getBase58Encoder } from '@solana/kit';
import { getAddress } from 'viem';
import type { Chain } from '../../connections/types.ts';
import { NATIVE_ASSETS, type SandboxToken, tokensOf } from './assets.ts';
import { blockAt, timeOfBlock } from './chain-clock.ts';
import { type Random, seededRandom, toHex } from './random.ts';

/**
 * The sandbox wallets: any valid address gets a deterministic history of native and token transfers,
 * in and out, and balances that are exactly the sum of that history (fees included).
 *
 * Stability: transfers sit on absolute days (one per `period` days, the day within each period and the
 * transfer itself drawn from seeds of the address and the period or day), and a
 * wallet's history starts on a fixed day per address (between March and August 2024). So yesterday's
 * transfers stay byte-for-byte the same tomorrow, and a daily sync sees only new ones. (For a clock set
 * before 2026 the start moves back to two years before today so the wallet still has two years.)
 * Only days before today count, plus, for Bitcoin, sometimes one incoming transaction in the mempool.
 */

export const NATIVE = 'native';

export type WalletTransfer = {
  /** Transaction hash (0x…), signature (base58) or txid (hex). */
  id: string;
  /** Unix seconds; equal to the block's timestamp. */
  time: number;
  /** Block number, slot or height; null while in the mempool. */
  block: number | null;
  /** The transaction's index in its block. */
  position: number;
  /** The ERC-20 Transfer log's index in its block (Ethereum tokens). */
  logIndex: number;
  /** NATIVE, or the token's contract / mint. */
  asset: string;
  direction: 'in' | 'out';
  /** Amount moved, in base units (wei, lamports, sats, token units), without the fee. */
  units: bigint;
  /** The transaction's network fee in native units; this wallet pays it only when direction is 'out'. */
  txFee: bigint;
  /** Ethereum gas used and price (wei) behind txFee. */
  gas: { used: number; price: bigint } | null;
  counterparty: string;
  /** This wallet's native balance after the transaction (fee included). */
  nativeAfter: bigint;
  /** This wallet's balance of the token after the transaction (token transfers only). */
  tokenAfter: bigint | null;
};

export type Wallet = {
  chain: Chain;
  address: string;
  /** Tokens the wallet has ever received, in the order it first got them. */
  tokens: SandboxToken[];
  /** Oldest first; a mempool transaction (block null) last. */
  transfers: WalletTransfer[];
  /** Confirmed balances in base units. */
  nativeBalance: bigint;
  tokenBalances: Record<string, bigint>;
  /** Net native amount still in the mempool (Bitcoin). */
  pendingNative: bigint;
};

const DAY_SECONDS = 86_400;
/** 2024-03-01: wallets start within 180 days of it. */
const FIRST_DAY_BASE = Date.UTC(2024, 2, 1) / 86_400_000;
const HISTORY_DAYS = 730;

export function dayNumber(date: Date): number {
  return Math.floor(date.getTime() / 86_400_000);
}

/** The seed of an address: hex and bech32 addresses are case-insensitive, base58 ones are not. */
export function walletSeed(chain: Chain, address: string): string {
  const caseInsensitive = chain === 'eth' || (chain === 'btc' && /^bc1/i.test(address));
  return `${chain}:${caseInsensitive ? address.toLowerCase() : address}`;
}

export function generateWallet(chain: Chain, address: string, today: Date): Wallet {
  const seed = walletSeed(chain, address);
  const wallet = seededRandom(seed);
  const todayDay = dayNumber(today);
  const firstDay = Math.min(FIRST_DAY_BASE + wallet.int(0, 180), todayDay - HISTORY_DAYS);
  // One transfer in every `period` days, on a day of the period drawn per period: 20 to 74 in two years.
  const period = wallet.int(10, 35);
  const contacts = Array.from({ length: wallet.int(3, 6) }, () => randomAddress(chain, wallet));
  const candidateTokens = shuffle(tokensOf(chain), wallet).slice(0, chain === 'btc' ? 0 : wallet.int(1, 3));

  let native = 0n;
  const tokenBalances: Record<string, bigint> = {};
  const tokens: SandboxToken[] = [];
  const transfers: WalletTransfer[] = [];

  for (let day = firstDay; day < todayDay; day++) {
    const eventDay = seededRandom(`${seed}:period:${Math.floor(day / period)}`).int(0, period - 1);
    if (day !== firstDay && day % period !== eventDay) continue;
    const random = seededRandom(`${seed}:day:${day}`);
    const block = blockAt(chain, day * DAY_SECONDS + random.int(0, DAY_SECONDS - 1));
    const time = timeOfBlock(chain, block);
    // The first event funds the wallet with its native coin (it must pay fees before anything else).
    const token =
      day === firstDay || random.chance(0.5)
        ? null
        : random.pick(candidateTokens.length ? candidateTokens : [null]);
    const fee = networkFee(chain, token !== null, random);
    const held = token ? (tokenBalances[token.address] ?? 0n) : native;
    const spendable = token ? held : held - fee.txFee;
    const wantsOut = held > 0n && random.chance(0.45) && native >= fee.txFee;
    const outUnits = wantsOut ? roundDown(spendable, random.int(10, 70), token ?? NATIVE_ASSETS[chain]) : 0n;
    const direction = outUnits > 0n ? 'out' : 'in';
    const units =
      direction === 'out' ? outUnits : typicalAmount(token ?? NATIVE_ASSETS[chain], random, day === firstDay);

    if (direction === 'out') native -= fee.txFee;
    if (token) {
      if (!tokens.includes(token)) tokens.push(token);
      tokenBalances[token.address] = held + (direction === 'in' ? units : -units);
    } else {
      native += direction === 'in' ? units : -units;
    }
    transfers.push({
      id: transactionId(chain, random, address),
      time,
      block,
      position: random.int(0, 180),
      logIndex: random.int(0, 400),
      asset: token ? token.address : NATIVE,
      direction,
      units,
      txFee: fee.txFee,
      gas: fee.gas,
      counterparty: random.pick(contacts),
      nativeAfter: native,
      tokenAfter: token ? (tokenBalances[token.address] ?? 0n) : null,
    });
  }

  let pendingNative = 0n;
  const mempool = seededRandom(`${seed}:mempool:${todayDay}`);
  if (chain === 'btc' && mempool.chance(0.3)) {
    pendingNative = typicalAmount(NATIVE_ASSETS.btc, mempool, false);
    transfers.push({
      id: transactionId(chain, mempool, address),
      time: todayDay * DAY_SECONDS,
      block: null,
      position: 0,
      logIndex: 0,
      asset: NATIVE,
      direction: 'in',
      units: pendingNative,
      txFee: networkFee(chain, false, mempool).txFee,
      gas: null,
      counterparty: mempool.pick(contacts),
      nativeAfter: native + pendingNative,
      tokenAfter: null,
    });
  }

  return { chain, address, tokens, transfers, nativeBalance: native, tokenBalances, pendingNative };
}

type Amounts = { decimals: number; typical: { min: number; max: number; step: number } };

/** A log-uniform amount in the asset's typical range (many small transfers, few large), often round. */
function typicalAmount(asset: Amounts, random: Random, funding: boolean): bigint {
  const { min, max, step } = asset.typical;
  const low = funding ? Math.sqrt(min * max) : min;
  const value = Math.exp(Math.log(low) + random.next() * (Math.log(max) - Math.log(low)));
  let steps = Math.max(1, Math.round(value / step));
  // People often send round amounts (0.25 ETH, 500 USDC); exchange withdrawals are not.
  if (random.chance(0.35)) steps = Math.max(100, Math.round(steps / 100) * 100);
  return BigInt(steps) * stepUnits(asset);
}

/** `percent` of `available`, rounded down to the asset's step. */
function roundDown(available: bigint, percent: number, asset: Amounts): bigint {
  if (available <= 0n) return 0n;
  const step = stepUnits(asset);
  return ((available * BigInt(percent)) / 100n / step) * step;
}

function stepUnits(asset: Amounts): bigint {
  return 10n ** BigInt(asset.decimals) / BigInt(Math.round(1 / asset.typical.step));
}

function networkFee(chain: Chain, isToken: boolean, random: Random): Pick<WalletTransfer, 'txFee' | 'gas'> {
  switch (chain) {
    case 'eth': {
      const used = isToken ? random.int(45_000, 65_000) : 21_000;
      const price = BigInt(random.int(2, 40)) * 1_000_000_000n + BigInt(random.int(0, 999_999_999));
      return { txFee: BigInt(used) * price, gas: { used, price } };
    }
    case 'sol':
      // Base fee of one signature, sometimes with a priority fee.
      return { txFee: 5000n + (random.chance(0.4) ? BigInt(random.int(1, 50) * 1000) : 0n), gas: null };
    case 'btc':
      return { txFee: BigInt(random.int(141, 260) * random.int(2, 35)), gas: null };
  }
}

function transactionId(chain: Chain, random: Random, address: string): string {
  switch (chain) {
    case 'eth':
      return `0x${toHex(random.bytes(32))}`;
    case 'sol': {
      // 32 random bytes, then the wallet's public key: the Solana fake finds a transaction's wallet from
      // its signature alone (getTransaction has no address), and base58 hides the pattern.
      const bytes = new Uint8Array(64);
      bytes.set(random.bytes(32));
      bytes.set(getBase58Encoder().encode(address), 32);
      return getBase58Decoder().decode(bytes);
    }
    case 'btc':
      return toHex(random.bytes(32));
  }
}

/** A counterparty: checksummed 0x address, base58 public key, or a native segwit address. */
export function randomAddress(chain: Chain, random: Random): string {
  switch (chain) {
    case 'eth':
      return getAddress(`0x${toHex(random.bytes(20))}`);
    case 'sol':
      return getBase58Decoder().decode(random.bytes(32));
    case 'btc':
      return Address(NETWORK).encode({ type: 'wpkh', hash: random.bytes(20) });
  }
}

function shuffle<T>(items: readonly T[], random: Random): T[] {
  const out = [...items];
  for (let index = out.length - 1; index > 0; index--) {
    const other = random.int(0, index);
    [out[index], out[other]] = [out[other] as T, out[index] as T];
  }
  return out;
}

/** Wallets by address for one fake, remembered per day (generating one takes a few milliseconds). */
export function createWalletSource(now: () => Date): (chain: Chain, address: string) => Wallet {
  const cache = new Map<string, Wallet>();
  return (chain, address) => {
    const today = now();
    const key = `${walletSeed(chain, address)}:${dayNumber(today)}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const wallet = generateWallet(chain, address, today);
    if (cache.size >= 200) cache.delete(cache.keys().next().value ?? '');
    cache.set(key, wallet);
    return wallet;
  };
}
