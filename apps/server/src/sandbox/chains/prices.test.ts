import { listen } from '@penny/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPriceSandbox, SANDBOX_COINS, sandboxUsdPrice } from './prices.ts';

const NOW = new Date('2026-11-23T16:00:00Z');
let server: Awaited<ReturnType<typeof listen>>;
const quotes = z.record(z.string(), z.record(z.string(), z.number()));
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers });

beforeAll(async () => {
  server = await listen(createPriceSandbox({ now: () => NOW }));
});
afterAll(() => server.close());

describe('price sandbox (CoinGecko /simple)', () => {
  it('quotes known ids in USD and leaves unknown ids out', async () => {
    const response = await get('/simple/price?ids=bitcoin,ethereum,solana,not-a-coin&vs_currencies=usd', {
      'x-cg-demo-api-key': 'whatever',
    });
    expect(response.status).toBe(200);
    const body = quotes.parse(await response.json());
    expect(Object.keys(body).sort()).toEqual(['bitcoin', 'ethereum', 'solana']);
    expect(body.bitcoin).toEqual({ usd: sandboxUsdPrice('bitcoin', NOW) });
  });

  it('stays near the table price, drifts from day to day, and is the same all day', () => {
    for (const id of Object.keys(SANDBOX_COINS) as (keyof typeof SANDBOX_COINS)[]) {
      const price = sandboxUsdPrice(id, NOW, 'full');
      expect(Math.abs(price / SANDBOX_COINS[id].usd - 1)).toBeLessThan(0.1);
      expect(sandboxUsdPrice(id, new Date(NOW.getTime() + 3_600_000), 'full')).toBe(price);
    }
    expect(sandboxUsdPrice('ethereum', new Date(NOW.getTime() + 86_400_000), 'full')).not.toBe(
      sandboxUsdPrice('ethereum', NOW, 'full'),
    );
  });

  it('adds 24h change, market cap, volume and last update on request', async () => {
    const body = quotes.parse(
      await (
        await get(
          '/simple/price?ids=ethereum&vs_currencies=usd&include_24hr_change=true&include_last_updated_at=true&include_market_cap=true&include_24hr_vol=true&precision=full',
          { 'x-cg-pro-api-key': 'k' },
        )
      ).json(),
    );
    const today = sandboxUsdPrice('ethereum', NOW, 'full');
    const yesterday = sandboxUsdPrice('ethereum', new Date(NOW.getTime() - 86_400_000), 'full');
    expect(body.ethereum?.usd).toBe(today);
    expect(body.ethereum?.usd_24h_change).toBeCloseTo((today / yesterday - 1) * 100, 8);
    expect(body.ethereum?.usd_market_cap).toBeGreaterThan(1e11);
    expect(body.ethereum?.usd_24h_vol).toBeGreaterThan(0);
    expect(NOW.getTime() / 1000 - (body.ethereum?.last_updated_at ?? 0)).toBeLessThan(120);
  });

  it('prices token contracts keyed by lower-case address', async () => {
    const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
    const body = quotes.parse(
      await (
        await get(
          `/simple/token_price/ethereum?contract_addresses=${usdc},0x0000000000000000000000000000000000000001&vs_currencies=usd`,
        )
      ).json(),
    );
    expect(body).toEqual({ [usdc.toLowerCase()]: { usd: sandboxUsdPrice('usd-coin', NOW) } });
  });

  it.each([
    ['/simple/price?ids=bitcoin', 400],
    ['/simple/price?vs_currencies=usd', 400],
    ['/simple/price?ids=bitcoin&vs_currencies=usd&precision=lots', 400],
    ['/simple/token_price/dogechain?contract_addresses=0x1&vs_currencies=usd', 404],
  ])('answers %s with %i and an error object', async (path, status) => {
    const response = await get(path);
    expect(response.status).toBe(status);
    expect(z.object({ error: z.string() }).safeParse(await response.json()).success).toBe(true);
  });
});
