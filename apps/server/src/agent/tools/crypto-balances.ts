import { type CryptoBalances, fromCents, percentOf, toCents } from '../../finance/index.ts';
import { partsChart } from './chart-choice.ts';
import { block, count, list, money, num, percent, rankedSentence, usd } from './format.ts';
import type { FinanceTool, ToolBlock, ToolResult } from './types.ts';

export type CryptoBalancesData = CryptoBalances;

/** A coin amount for a sentence (display only): at most six decimals, grouped. */
function quantity(amount: string): string {
  const value = Number(amount);
  return Number.isFinite(value) ? value.toLocaleString('en-US', { maximumFractionDigits: 6 }) : amount;
}

const CHAIN_NAME: Record<string, string> = { eth: 'Ethereum', sol: 'Solana', btc: 'Bitcoin' };

/** Coins pegged to the US dollar, by their symbols. */
const STABLECOINS = new Set([
  'USDC',
  'USDT',
  'DAI',
  'PYUSD',
  'USDP',
  'TUSD',
  'BUSD',
  'FDUSD',
  'GUSD',
  'USDE',
  'FRAX',
  'LUSD',
]);

/** The stablecoins held, together: 'what's my stablecoin total'. */
function stablecoins(result: CryptoBalances): string[] {
  const held = result.bySymbol.filter(
    (coin) => STABLECOINS.has(coin.symbol.toUpperCase()) && coin.value !== null,
  );
  if (held.length === 0) return [];
  const total = fromCents(held.reduce((sum, coin) => sum + toCents(coin.value ?? '0'), 0n));
  return [
    `Stablecoins (${list(held.map((coin) => coin.symbol))}): ${usd(total)} (${percent(percentOf(total, result.total))} of your crypto).`,
  ];
}

/**
 * The coins asked about, across every wallet: one coin's amount and value wallet by wallet, or several
 * coins' value together ('link and uni together'). A coin not held is said, never counted as zero.
 */
function coinsAsked(result: CryptoBalances, symbols: readonly string[]): string[] {
  const wanted = [...new Set(symbols.map((symbol) => symbol.toUpperCase()))];
  const held = wanted.flatMap((symbol) =>
    result.bySymbol.filter((coin) => coin.symbol.toUpperCase() === symbol),
  );
  const missing = wanted.filter((symbol) => !held.some((coin) => coin.symbol.toUpperCase() === symbol));
  const none = missing.length > 0 ? [`No ${list(missing)} in your linked wallets.`] : [];
  const [only] = held;
  if (held.length === 1 && only) {
    const where = result.wallets.flatMap((wallet) =>
      wallet.assets
        .filter((asset) => asset.symbol.toUpperCase() === only.symbol.toUpperCase())
        .map(
          (asset) =>
            `${wallet.name} ${quantity(asset.amount)} ${asset.symbol}${asset.value === null ? '' : ` (${usd(asset.value)})`}`,
        ),
    );
    return [
      `${only.symbol} across ${count(only.wallets, 'wallet')}: ${quantity(only.amount)} ${only.symbol}, worth ${usd(only.value)}${where.length > 1 ? ` (${where.join(', ')})` : ''}.`,
      ...none,
    ];
  }
  if (held.length < 2) return none;
  const total = fromCents(held.reduce((sum, coin) => sum + toCents(coin.value ?? '0'), 0n));
  return [
    `${list(held.map((coin) => coin.symbol))} together: ${usd(total)} (${held.map((coin) => `${coin.symbol} ${usd(coin.value)}`).join(', ')}).`,
    ...none,
  ];
}

export const cryptoBalancesTool = {
  name: 'crypto_balances',
  description:
    "The user's crypto wallets (linked by public address): each wallet's chain, coins and tokens with amounts, USD prices and USD values, and the total in USD.",
  symbol: '🪙',
  describe() {
    return 'Reading your crypto wallet balances';
  },
  async execute(input, context): Promise<ToolResult<CryptoBalancesData>> {
    const result = await context.services.analytics.cryptoBalances(context.userId);
    const names = result.wallets.map((wallet) => wallet.name);
    if (result.wallets.length === 0) {
      return {
        data: result,
        facts: ['No crypto wallets are linked.'],
        blocks: [],
        provenance: { accounts: [], transactionCount: 0 },
      };
    }
    const facts = [
      ...coinsAsked(result, input.symbols ?? []),
      `${result.wallets.length === 1 ? 'Your crypto wallet holds' : `Your ${count(result.wallets.length, 'crypto wallet')} hold`} ${usd(result.total)} in total.`,
      `By chain: ${result.byChain
        .map(
          (chain) =>
            `${CHAIN_NAME[chain.chain ?? ''] ?? chain.chain ?? 'other'} ${usd(chain.total)}${chain.wallets > 1 ? ` (${count(chain.wallets, 'wallet')} together)` : ''}`,
        )
        .join(', ')}.`,
      `By coin across all wallets (${count(result.bySymbol.length, 'coin')}): ${result.bySymbol
        .map(
          (coin) =>
            `${coin.symbol} ${usd(coin.value)} (${coin.value === null ? '' : `${percent(percentOf(coin.value, result.total))}, `}${quantity(coin.amount)} ${coin.symbol}${coin.price === null ? '' : ` at ${usd(coin.price)}`})`,
        )
        .join(', ')}.`,
      ...rankedSentence(
        'Wallets',
        result.wallets.map((wallet) => ({ name: wallet.name, amount: wallet.balance })),
      ),
      ...stablecoins(result),
      ...result.wallets.map((wallet) => {
        const coins = wallet.assets
          .map(
            (asset) =>
              `${quantity(asset.amount)} ${asset.symbol}${asset.value === null ? '' : ` (${usd(asset.value)})`}`,
          )
          .join(', ');
        return `${wallet.name} (${CHAIN_NAME[wallet.chain ?? ''] ?? wallet.chain ?? 'wallet'}): ${
          wallet.balance === null ? 'no USD value' : usd(wallet.balance)
        }${coins ? `, holding ${coins}` : ''}.`;
      }),
    ];
    const assets = result.wallets.flatMap((wallet) =>
      wallet.assets.map((asset) => ({ wallet: wallet.name, ...asset })),
    );
    const blocks: ToolBlock[] = [
      block('figures', {
        type: 'content',
        title: 'Crypto',
        content: `/1 Crypto ${money(result.total)}\n${count(result.wallets.length, 'wallet')}`,
      }),
      block('table', {
        type: 'table',
        title: 'Wallet balances',
        columns: [
          { key: 'wallet', header: 'Wallet' },
          { key: 'symbol', header: 'Asset' },
          { key: 'amount', header: 'Quantity' },
          { key: 'price', header: 'Price' },
          { key: 'value', header: 'Market value' },
        ],
        rows: assets.map((asset) => ({
          wallet: asset.wallet,
          symbol: asset.symbol,
          amount: asset.amount,
          price: num(asset.price),
          value: num(asset.value),
        })),
        currency_symbol: 'USD',
      }),
    ];
    const priced = assets.filter((asset) => Number(asset.value) > 0);
    const chart = partsChart(
      'Crypto by asset',
      priced.map((asset) => ({ label: `${asset.symbol} (${asset.wallet})`, value: num(asset.value) })),
      { currency_symbol: 'USD' },
    );
    if (chart) blocks.push(chart);
    return { data: result, facts, blocks, provenance: { accounts: names, transactionCount: 0 } };
  },
} satisfies FinanceTool<'crypto_balances'>;
