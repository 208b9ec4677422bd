import type { DecimalString } from '../types.ts';
import type { KnownAsset } from './known-assets.ts';

/** What one chain reports for an address, before pricing: holdings and balance changes. */
export type Holding = { asset: KnownAsset; amount: DecimalString };

/** One change of the address's balance of one asset in one transaction (+ = in, fees included). */
export type Movement = {
  /** Unique per address: tx hash, or hash + log index / mint for a token. */
  id: string;
  /** Unix seconds (the block time; for a pending transaction, the time it was seen). */
  time: number;
  asset: KnownAsset;
  amount: DecimalString;
  pending: boolean;
};

export type ChainReader = {
  holdings(address: string): Promise<Holding[]>;
  /** The newest `limit` movements, newest first. */
  movements(address: string, limit: number): Promise<Movement[]>;
};
