import { Hono } from 'hono';
import { z } from 'zod';
import { SANDBOX_TOKENS } from './assets.ts';
import { hashString } from './random.ts';
import { dayNumber } from './wallet-data.ts';

/**
 * A fake CoinGecko price API: `/simple/price` and `/simple/token_price/:platform`, with the response shape
 * of https://docs.coingecko.com/v3.0.1/reference/simple-price. Prices come from a fixed table with a
 * deterministic daily drift (one price per coin per UTC day); unknown ids are simply absent. The demo and
 * pro key headers are accepted and ignored.
 */

type Coin = {
  usd: number /** Circulating supply, for market caps. */;
  supply: number /** Daily swing (fraction). */;
  swing: number;
};

export const SANDBOX_COINS = {
  bitcoin: { usd: 97_250, supply: 19_950_000, swing: 0.03 },
  ethereum: { usd: 3_420, supply: 120_600_000, swing: 0.04 },
  solana: { usd: 186.4, supply: 540_000_000, swing: 0.05 },
  'usd-coin': { usd: 1, supply: 75_000_000_000, swing: 0.0004 },
  tether: { usd: 1, supply: 180_000_000_000, swing: 0.0004 },
  'paypal-usd': { usd: 1, supply: 2_500_000_000, swing: 0.0006 },
  dai: { usd: 1, supply: 5_300_000_000, swing: 0.0005 },
  chainlink: { usd: 18.6, supply: 678_000_000, swing: 0.05 },
  uniswap: { usd: 9.85, supply: 630_000_000, swing: 0.05 },
  bonk: { usd: 0.00002431, supply: 88_000_000_000_000, swing: 0.07 },
  'jupiter-exchange-solana': { usd: 0.918, supply: 3_100_000_000, swing: 0.06 },
  'wrapped-bitcoin': { usd: 97_180, supply: 128_000, swing: 0.03 },
} as const satisfies Record<string, Coin>;

export type SandboxCoinId = keyof typeof SANDBOX_COINS;

/** CoinGecko's platform ids and the coins behind the token contracts the sandbox knows. */
const PLATFORMS = { ethereum: 'eth', solana: 'sol' } as const;
const TOKEN_COINS: Record<string, SandboxCoinId> = {
  USDC: 'usd-coin',
  USDT: 'tether',
  PYUSD: 'paypal-usd',
  LINK: 'chainlink',
  UNI: 'uniswap',
  DAI: 'dai',
  WBTC: 'wrapped-bitcoin',
  BONK: 'bonk',
  JUP: 'jupiter-exchange-solana',
};

function isCoinId(id: string): id is SandboxCoinId {
  return Object.hasOwn(SANDBOX_COINS, id);
}

/**
 * The USD price the fake serves for `id` on `date`'s UTC day, as the JSON number it writes: a slow
 * multi-week wave plus daily noise around the table price. `precision` is CoinGecko's parameter
 * ('full' or a number of decimals); without it prices are rounded to cents (or 6 significant digits
 * below $1).
 */
export function sandboxUsdPrice(id: SandboxCoinId, date: Date, precision?: 'full' | number): number {
  const coin: Coin = SANDBOX_COINS[id];
  const day = dayNumber(date);
  const phase = (hashString(id) % 1000) / 1000;
  const wave =
    Math.sin((day / 47 + phase) * 2 * Math.PI) * 0.6 + Math.sin((day / 11 + phase * 3) * 2 * Math.PI) * 0.25;
  const noise = (hashString(`${id}:${day}`) % 10_000) / 10_000 - 0.5;
  const raw = coin.usd * (1 + coin.swing * (wave + noise * 0.5));
  if (precision === 'full') return Number(raw.toPrecision(12));
  if (typeof precision === 'number') return Number(raw.toFixed(precision));
  return raw >= 1 ? Number(raw.toFixed(2)) : Number(raw.toPrecision(6));
}

const flag = z.enum(['true', 'false']).optional();
const priceQuery = z.object({
  vs_currencies: z
    .string({ error: 'Missing parameter vs_currencies' })
    .min(1, 'Missing parameter vs_currencies'),
  include_market_cap: flag,
  include_24hr_vol: flag,
  include_24hr_change: flag,
  include_last_updated_at: flag,
  precision: z
    .union([z.literal('full'), z.coerce.number().int().min(0).max(18)], {
      error: 'Invalid parameter precision',
    })
    .optional(),
});

export function createPriceSandbox(deps: { now?: () => Date } = {}): Hono {
  const now = deps.now ?? (() => new Date());

  const quote = (id: SandboxCoinId, query: z.infer<typeof priceQuery>) => {
    const today = now();
    const entry: Record<string, number> = {};
    for (const currency of query.vs_currencies.toLowerCase().split(',')) {
      // The sandbox quotes in US dollars only; other currencies come back empty, as unknown ones do.
      if (currency !== 'usd') continue;
      const price = sandboxUsdPrice(id, today, query.precision);
      entry.usd = price;
      if (query.include_market_cap === 'true')
        entry.usd_market_cap = Number((price * SANDBOX_COINS[id].supply).toFixed(2));
      if (query.include_24hr_vol === 'true')
        entry.usd_24h_vol = Number((price * SANDBOX_COINS[id].supply * 0.035).toFixed(2));
      if (query.include_24hr_change === 'true') {
        const yesterday = sandboxUsdPrice(id, new Date(today.getTime() - 86_400_000), 'full');
        entry.usd_24h_change = Number(
          ((sandboxUsdPrice(id, today, 'full') / yesterday - 1) * 100).toPrecision(15),
        );
      }
    }
    if (query.include_last_updated_at === 'true')
      entry.last_updated_at = Math.floor(today.getTime() / 60_000) * 60 - (hashString(`${id}:updated`) % 45);
    return entry;
  };

  const invalid = (error: z.ZodError) => error.issues[0]?.message ?? 'Invalid request';

  const app = new Hono();
  app.get('/simple/price', (c) => {
    const search = Object.fromEntries(new URL(c.req.url).searchParams);
    const parsed = priceQuery.safeParse(search);
    if (!parsed.success) return c.json({ error: invalid(parsed.error) }, 400);
    if (!search.ids) return c.json({ error: 'Missing parameter ids' }, 400);
    const answer: Record<string, Record<string, number>> = {};
    for (const id of search.ids
      .toLowerCase()
      .split(',')
      .map((item) => item.trim())) {
      if (isCoinId(id)) answer[id] = quote(id, parsed.data);
    }
    return c.json(answer);
  });
  app.get('/simple/token_price/:platform', (c) => {
    const platform = c.req.param('platform');
    const chain = platform === 'ethereum' || platform === 'solana' ? PLATFORMS[platform] : null;
    if (!chain) return c.json({ error: 'Invalid asset platform id' }, 404);
    const search = Object.fromEntries(new URL(c.req.url).searchParams);
    const parsed = priceQuery.safeParse(search);
    if (!parsed.success) return c.json({ error: invalid(parsed.error) }, 400);
    if (!search.contract_addresses) return c.json({ error: 'Missing parameter contract_addresses' }, 400);
    const answer: Record<string, Record<string, number>> = {};
    for (const contract of search.contract_addresses.split(',').map((item) => item.trim())) {
      const key = chain === 'eth' ? contract.toLowerCase() : contract;
      const token = SANDBOX_TOKENS.find(
        (item) =>
          item.chain === chain && (chain === 'eth' ? item.address.toLowerCase() : item.address) === key,
      );
      const coin = token ? TOKEN_COINS[token.symbol] : undefined;
      if (coin) answer[key] = quote(coin, parsed.data);
    }
    return c.json(answer);
  });
  return app;
}
