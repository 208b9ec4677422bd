import { z } from 'zod';
import { decimalFromNumber } from '../money.ts';
import type { DecimalString, PriceFeed } from '../types.ts';
import { providerError } from './errors.ts';
import { httpGet, readJson } from './http.ts';

export type PriceFeedOptions = {
  /** https://api.coingecko.com/api/v3 (demo/public), https://pro-api.coingecko.com/api/v3, or the sandbox. */
  baseUrl: string;
  apiKey?: string;
  /** Demo keys go in x-cg-demo-api-key, Pro keys in x-cg-pro-api-key. */
  apiKeyHeader?: 'x-cg-demo-api-key' | 'x-cg-pro-api-key';
  timeoutMs?: number;
};

const SERVICE = 'The price service';
const simplePrice = z.record(z.string(), z.object({ usd: z.number().optional() }).loose());

/**
 * USD prices by CoinGecko id from `/simple/price` (precision=full). Ids CoinGecko does not know are absent
 * from the result. Prices stay as the decimal text CoinGecko wrote (decimalFromNumber), never floats.
 */
export function createPriceFeed(options: PriceFeedOptions): PriceFeed {
  const base = options.baseUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.apiKey) headers[options.apiKeyHeader ?? 'x-cg-demo-api-key'] = options.apiKey;
  return {
    async usdPrices(ids) {
      const wanted = [...new Set(ids)].filter((id) => id.length > 0);
      if (wanted.length === 0) return {};
      const query = new URLSearchParams({ ids: wanted.join(','), vs_currencies: 'usd', precision: 'full' });
      const response = await httpGet(`${base}/simple/price?${query}`, {
        service: SERVICE,
        timeoutMs: options.timeoutMs ?? 10_000,
        headers,
      });
      const parsed = simplePrice.safeParse(await readJson(response, SERVICE));
      if (!parsed.success) throw providerError('unavailable', SERVICE, null);
      const prices: Record<string, DecimalString> = {};
      for (const id of wanted) {
        const usd = parsed.data[id]?.usd;
        if (usd !== undefined && Number.isFinite(usd) && usd >= 0) prices[id] = decimalFromNumber(usd);
      }
      return prices;
    },
  };
}
