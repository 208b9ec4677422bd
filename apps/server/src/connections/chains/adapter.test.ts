import { listen } from '@penny/server/testing';
import { Hono } from 'hono';
import { formatUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEsploraSandbox,
  createEvmSandbox,
  createPriceSandbox,
  createSolanaSandbox,
  generateWallet,
  NATIVE,
  NATIVE_ASSETS,
  SANDBOX_TOKENS,
  sandboxUsdPrice,
  type Wallet,
} from '../../sandbox/chains/index.ts';
import type { Chain, ChainAdapter, ProviderErrorKind } from '../types.ts';
import { ProviderError } from '../types.ts';
import { createChainAdapter } from './adapter.ts';
import { createPriceFeed } from './price-feed.ts';

const NOW = new Date('2026-11-23T16:00:00Z');
const ADDRESSES = {
  eth: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  sol: 'AKnL4NNf3DGWZJS6cPknBuEGnVsV4A4m5tgebLHaRSZ9',
  // Has a transaction in the mempool on NOW's day.
  btc: 'bc1q0xcqpzrky6eff2g52qdye53xkk9jxkvrh6yhyw',
} as const satisfies Record<Chain, string>;
const PRICE_IDS: Record<string, Parameters<typeof sandboxUsdPrice>[0]> = {
  ETH: 'ethereum',
  SOL: 'solana',
  BTC: 'bitcoin',
  USDC: 'usd-coin',
  USDT: 'tether',
  PYUSD: 'paypal-usd',
  DAI: 'dai',
  LINK: 'chainlink',
  UNI: 'uniswap',
  BONK: 'bonk',
  JUP: 'jupiter-exchange-solana',
  WBTC: 'wrapped-bitcoin',
};

type Server = Awaited<ReturnType<typeof listen>>;
const servers: Server[] = [];
const serve = async (app: Hono) => {
  const server = await listen(app);
  servers.push(server);
  return server;
};
let adapter: ChainAdapter;
let urls: { evm: string; solana: string; esplora: string; prices: string };

beforeAll(async () => {
  const now = () => NOW;
  const [evm, solana, esplora, prices] = await Promise.all([
    serve(createEvmSandbox({ now })),
    serve(createSolanaSandbox({ now })),
    serve(createEsploraSandbox({ now })),
    serve(createPriceSandbox({ now })),
  ]);
  urls = { evm: evm.url, solana: solana.url, esplora: esplora.url, prices: prices.url };
  adapter = createChainAdapter({
    evmRpcUrl: evm.url,
    etherscanUrl: `${evm.url}/api`,
    etherscanApiKey: 'sandbox',
    solanaRpcUrl: solana.url,
    esploraUrl: esplora.url,
    prices: createPriceFeed({ baseUrl: prices.url, apiKey: 'demo-key' }),
    now,
  });
});
afterAll(() => Promise.all(servers.map((server) => server.close())));

const symbolOf = (chain: Chain, asset: string) =>
  asset === NATIVE
    ? NATIVE_ASSETS[chain].symbol
    : (SANDBOX_TOKENS.find((token) => token.address === asset)?.symbol ?? '?');
const decimalsOf = (chain: Chain, asset: string) =>
  asset === NATIVE
    ? NATIVE_ASSETS[chain].decimals
    : (SANDBOX_TOKENS.find((token) => token.address === asset)?.decimals ?? 0);

/** What the adapter should report, from the generator's raw transfers (net change, fees included). */
function expectedTransfers(chain: Chain, wallet: Wallet) {
  return wallet.transfers
    .map((transfer) => {
      const fee = transfer.direction === 'out' && transfer.asset === NATIVE ? transfer.txFee : 0n;
      const units = transfer.direction === 'in' ? transfer.units : -(transfer.units + fee);
      const id =
        transfer.asset === NATIVE
          ? transfer.id
          : chain === 'eth'
            ? `${transfer.id}:${transfer.logIndex}`
            : `${transfer.id}:${transfer.asset}`;
      const symbol = symbolOf(chain, transfer.asset);
      return {
        providerTransactionId: id,
        amount: formatUnits(units, decimalsOf(chain, transfer.asset)),
        currency: symbol,
        date:
          transfer.block === null
            ? NOW.toISOString().slice(0, 10)
            : new Date(transfer.time * 1000).toISOString().slice(0, 10),
        name: `${transfer.direction === 'in' ? 'Received' : 'Sent'} ${symbol}`,
        categoryPrimary: transfer.direction === 'in' ? 'TRANSFER_IN' : 'TRANSFER_OUT',
        pending: transfer.block === null,
        time: transfer.block === null ? Number.POSITIVE_INFINITY : transfer.time,
      };
    })
    .sort((a, b) => b.time - a.time)
    .map(({ time: _time, ...rest }) => rest);
}

describe.each(['eth', 'sol', 'btc'] as const)('chain adapter over the sandbox (%s)', (chain) => {
  const wallet = () => generateWallet(chain, ADDRESSES[chain], NOW);

  it('reports the native coin first, then the tokens held, priced in USD', async () => {
    const balance = await adapter.getBalance(chain, ADDRESSES[chain]);
    const generated = wallet();
    expect(balance.address).toBe(ADDRESSES[chain]);
    const expected = [
      {
        symbol: NATIVE_ASSETS[chain].symbol,
        amount: formatUnits(generated.nativeBalance, NATIVE_ASSETS[chain].decimals),
      },
      ...generated.tokens
        .filter((token) => (generated.tokenBalances[token.address] ?? 0n) > 0n)
        .map((token) => ({
          symbol: token.symbol,
          amount: formatUnits(generated.tokenBalances[token.address] ?? 0n, token.decimals),
        })),
    ];
    const reported = balance.assets.map(({ symbol, amount }) => ({ symbol, amount }));
    const bySymbol = (a: { symbol: string }, b: { symbol: string }) => a.symbol.localeCompare(b.symbol);
    expect(reported[0]).toEqual(expected[0]);
    expect(reported.slice(1).sort(bySymbol)).toEqual(expected.slice(1).sort(bySymbol));
    let total = 0;
    for (const asset of balance.assets) {
      const price = sandboxUsdPrice(PRICE_IDS[asset.symbol] ?? 'bitcoin', NOW, 'full');
      expect(asset.usdPrice).toBe(String(price));
      expect(Math.abs(Number(asset.usdValue) - Number(asset.amount) * price)).toBeLessThanOrEqual(
        0.005 + 1e-9,
      );
      total += Number(asset.usdValue);
    }
    expect(Number(balance.totalUsd)).toBeCloseTo(total, 2);
  });

  it('reports every transfer newest first as + in / − out, with fees in the native amount', async () => {
    const transfers = await adapter.getTransfers(chain, ADDRESSES[chain], { limit: 1000 });
    const expected = expectedTransfers(chain, wallet());
    expect(
      transfers.map(({ providerTransactionId, amount, currency, date, name, categoryPrimary, pending }) => ({
        providerTransactionId,
        amount,
        currency,
        date,
        name,
        categoryPrimary,
        pending,
      })),
    ).toEqual(expected);
    for (const transfer of transfers) {
      const price = sandboxUsdPrice(PRICE_IDS[transfer.currency] ?? 'bitcoin', NOW, 'full');
      expect(Math.abs(Number(transfer.amountUsd) - Number(transfer.amount) * price)).toBeLessThanOrEqual(
        0.005 + 1e-9,
      );
      expect(transfer.providerAccountId).toBe(ADDRESSES[chain]);
    }
  });

  it('returns only the newest transfers up to the limit', async () => {
    const transfers = await adapter.getTransfers(chain, ADDRESSES[chain], { limit: 7 });
    expect(transfers.map((t) => t.providerTransactionId)).toEqual(
      expectedTransfers(chain, wallet())
        .slice(0, 7)
        .map((t) => t.providerTransactionId),
    );
  });

  it('refuses an invalid address as an invalid request', async () => {
    await expect(adapter.getBalance(chain, `${ADDRESSES[chain]}x`)).rejects.toMatchObject({
      kind: 'invalid-request',
      platform: 'web3',
    });
  });
});

describe('chain adapter errors', () => {
  const adapterFor = (url: string, timeoutMs = 2000, prices = urls.prices) =>
    createChainAdapter({
      evmRpcUrl: url,
      etherscanUrl: `${url}/api`,
      solanaRpcUrl: url,
      esploraUrl: url,
      prices: createPriceFeed({ baseUrl: prices, timeoutMs }),
      timeoutMs,
      now: () => NOW,
    });
  const kindOf = async (promise: Promise<unknown>): Promise<ProviderErrorKind | 'resolved'> => {
    try {
      await promise;
      return 'resolved';
    } catch (error) {
      expect(error).toBeInstanceOf(ProviderError);
      return error instanceof ProviderError ? error.kind : 'resolved';
    }
  };
  const everyChain = (target: ChainAdapter) =>
    Promise.all(
      (['eth', 'sol', 'btc'] as const).map((chain) => kindOf(target.getBalance(chain, ADDRESSES[chain]))),
    );

  it('reports a closed port as unavailable', async () => {
    const closed = await listen(new Hono());
    await closed.close();
    expect(await everyChain(adapterFor(closed.url))).toEqual(['unavailable', 'unavailable', 'unavailable']);
  });

  it('reports a slow upstream as a timeout', async () => {
    const slow = new Hono().all('*', async (c) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return c.json({});
    });
    const server = await serve(slow);
    expect(await everyChain(adapterFor(server.url, 150))).toEqual(['timeout', 'timeout', 'timeout']);
    expect(
      await kindOf(createPriceFeed({ baseUrl: server.url, timeoutMs: 150 }).usdPrices(['bitcoin'])),
    ).toBe('timeout');
  });

  it('reports 429 as rate-limited and 5xx as unavailable', async () => {
    const limited = await serve(new Hono().all('*', (c) => c.text('Too Many Requests', 429)));
    expect(await everyChain(adapterFor(limited.url))).toEqual([
      'rate-limited',
      'rate-limited',
      'rate-limited',
    ]);
    const broken = await serve(new Hono().all('*', (c) => c.text('Bad Gateway', 502)));
    expect(await everyChain(adapterFor(broken.url))).toEqual(['unavailable', 'unavailable', 'unavailable']);
    expect(await kindOf(createPriceFeed({ baseUrl: limited.url }).usdPrices(['bitcoin']))).toBe(
      'rate-limited',
    );
  });

  it("maps Etherscan's NOTOK answers: rate limit and API key", async () => {
    const answers = {
      limit: 'Max calls per sec rate limit reached (5/sec)',
      key: 'Missing/Invalid API Key',
    };
    for (const [result, kind] of [
      [answers.limit, 'rate-limited'],
      [answers.key, 'invalid-credentials'],
    ] as const) {
      const etherscan = await serve(
        new Hono().get('/api', (c) => c.json({ status: '0', message: 'NOTOK', result })),
      );
      const target = createChainAdapter({
        evmRpcUrl: urls.evm,
        etherscanUrl: `${etherscan.url}/api`,
        solanaRpcUrl: urls.solana,
        esploraUrl: urls.esplora,
        prices: createPriceFeed({ baseUrl: urls.prices }),
      });
      expect(await kindOf(target.getTransfers('eth', ADDRESSES.eth))).toBe(kind);
    }
  });

  it('never puts the upstream URL (which may hold an API key) in the message', async () => {
    const closed = await listen(new Hono());
    await closed.close();
    const error = await adapterFor(`${closed.url}/v2/secret-key-123`)
      .getBalance('eth', ADDRESSES.eth)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(String(error instanceof Error ? error.message : '')).not.toContain('secret-key-123');
  });
});

describe('price feed', () => {
  it('sends the API key in the chosen header and returns decimal strings; unknown ids are absent', async () => {
    const seen: (string | undefined)[] = [];
    const spy = new Hono().get('/simple/price', (c) => {
      seen.push(c.req.header('x-cg-pro-api-key'));
      return c.json({ bitcoin: { usd: 97123.45 }, bonk: { usd: 0.00002431 } });
    });
    const server = await serve(spy);
    const feed = createPriceFeed({
      baseUrl: server.url,
      apiKey: 'pro-key',
      apiKeyHeader: 'x-cg-pro-api-key',
    });
    expect(await feed.usdPrices(['bitcoin', 'bonk', 'nope'])).toEqual({
      bitcoin: '97123.45',
      bonk: '0.00002431',
    });
    expect(seen).toEqual(['pro-key']);
    expect(await feed.usdPrices([])).toEqual({});
    expect(seen).toHaveLength(1);
  });
});
