import { z } from 'zod';
import { decimalFromUnits } from '../money.ts';
import { providerError } from './errors.ts';
import { httpGet, readJson } from './http.ts';
import { NATIVE_COINS } from './known-assets.ts';
import type { ChainReader, Movement } from './reader.ts';

const SERVICE = 'Esplora';
/** Esplora pages confirmed history 25 at a time. */
const CHAIN_PAGE = 25;

const sats = z.number().int().nonnegative();
const stats = z.object({ funded_txo_sum: sats, spent_txo_sum: sats });
const addressInfo = z.object({ chain_stats: stats, mempool_stats: stats });
const output = z.object({ scriptpubkey_address: z.string().optional(), value: sats });
const transaction = z.object({
  txid: z.string(),
  vin: z.array(z.object({ prevout: output.nullable().optional() })),
  vout: z.array(output),
  status: z.object({ confirmed: z.boolean(), block_time: z.number().int().optional() }),
});

/**
 * Bitcoin through an Esplora REST API (Blockstream's, mempool.space's /api, or the sandbox) over fetch.
 * The balance is the confirmed one (funded − spent); mempool transactions are reported as pending
 * transfers, dated when read. Each transaction's amount is the address's net change: what it received
 * minus what it spent, so a payment includes its fee.
 */
export function createBitcoinReader(options: {
  esploraUrl: string;
  timeoutMs: number;
  now: () => Date;
}): ChainReader {
  const base = options.esploraUrl.replace(/\/+$/, '');
  const get = async <T>(path: string, schema: z.ZodType<T>): Promise<T> => {
    const response = await httpGet(`${base}${path}`, { service: SERVICE, timeoutMs: options.timeoutMs });
    const parsed = schema.safeParse(await readJson(response, SERVICE));
    if (!parsed.success) throw providerError('unavailable', SERVICE, null);
    return parsed.data;
  };

  return {
    async holdings(address) {
      const info = await get(`/address/${encodeURIComponent(address)}`, addressInfo);
      const confirmed = BigInt(info.chain_stats.funded_txo_sum) - BigInt(info.chain_stats.spent_txo_sum);
      return [{ asset: NATIVE_COINS.btc, amount: decimalFromUnits(confirmed, NATIVE_COINS.btc.decimals) }];
    },

    async movements(address, limit) {
      const path = `/address/${encodeURIComponent(address)}/txs`;
      const first = await get(path, z.array(transaction));
      const all = [...first];
      let confirmed = first.filter((tx) => tx.status.confirmed);
      // The first page holds mempool transactions plus 25 confirmed; older ones page by the last txid seen.
      while (confirmed.length === CHAIN_PAGE && all.length < limit) {
        const last = confirmed[confirmed.length - 1];
        if (!last) break;
        confirmed = await get(`${path}/chain/${last.txid}`, z.array(transaction));
        all.push(...confirmed);
      }
      const seenAt = Math.floor(options.now().getTime() / 1000);
      const movements: Movement[] = [];
      for (const tx of all) {
        const received = tx.vout
          .filter((out) => out.scriptpubkey_address === address)
          .reduce((sum, out) => sum + BigInt(out.value), 0n);
        const spent = tx.vin.reduce(
          (sum, input) =>
            sum + (input.prevout?.scriptpubkey_address === address ? BigInt(input.prevout.value) : 0n),
          0n,
        );
        const change = received - spent;
        if (change === 0n) continue;
        movements.push({
          id: tx.txid,
          time: tx.status.block_time ?? seenAt,
          asset: NATIVE_COINS.btc,
          amount: decimalFromUnits(change, NATIVE_COINS.btc.decimals),
          pending: !tx.status.confirmed,
        });
      }
      return movements.slice(0, limit);
    },
  };
}
