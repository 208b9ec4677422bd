import {
  balanceOf,
  balances,
  cryptoCents,
  cryptoSymbolCents,
  investmentsValue,
  netWorth,
  totalAssets,
  unrealisedGain,
  valueOfClass,
  valueOfTicker,
  walletCents,
} from '../expected.ts';
import { tickerValues } from '../held-out/expected.ts';
import type { RawData } from '../raw-data.ts';
import {
  cardRoom,
  dividendsOf,
  investmentCash,
  performers,
  returnOnCost,
  richestWallet,
  stablecoinCents,
} from './expected.ts';
import { any, eachOf, type HeldOut2Question, money, one, percent, thisYear } from './shorthands.ts';

/** Balances, net worth, investments and crypto (SEALED: see README.md). */

const wallet = (raw: RawData, accountName: string): number => {
  const found = raw.wallets.find((candidate) => candidate.accountName === accountName);
  if (!found) throw new Error(`no wallet ${accountName}`);
  return walletCents(found);
};
const checking = (raw: RawData) => balanceOf(raw, 'checking');
const savings = (raw: RawData) => balanceOf(raw, 'savings');
const alpaca = (raw: RawData) =>
  balances(raw)
    .filter((balance) => balance.institution === 'Alpaca Paper')
    .map((balance) => balance.cents);
/** Every bank and brokerage account's balance (wallets aside). */
const accountBalances = (raw: RawData) =>
  balances(raw)
    .filter((balance) => balance.kind !== 'wallet')
    .map((balance) => balance.cents);

/** A ticker's value: across every account, or each account's position listed. */
const tickerWorth = (ticker: string) =>
  any(
    one((raw) => tickerValues(raw, ticker).total),
    money((raw) => tickerValues(raw, ticker).perAccount),
  );

export const BALANCE_QUESTIONS: readonly HeldOut2Question[] = [
  {
    id: 'h2-balances-checking-rn',
    category: 'balances',
    turns: [{ ask: 'whats in checking rn', expect: one(checking) }],
  },
  {
    id: 'h2-balances-owe-on-visa',
    category: 'balances',
    turns: [{ ask: 'how much do i owe on the visa', expect: one((raw) => cardRoom(raw).owed) }],
  },
  {
    id: 'h2-balances-checking-plus-savings',
    category: 'balances',
    turns: [
      { ask: 'total cash across checking + savings', expect: one((raw) => checking(raw) + savings(raw)) },
    ],
  },
  {
    id: 'h2-balances-net-worth-bare',
    category: 'balances',
    turns: [{ ask: 'net worth?', expect: one(netWorth) }],
  },
  {
    id: 'h2-balances-savings-acct',
    category: 'balances',
    turns: [{ ask: 'whats my savings acct at', expect: one(savings) }],
  },
  {
    id: 'h2-balances-card-room-left',
    category: 'balances',
    turns: [
      {
        ask: 'how much credit do i have left on my card',
        expect: any(
          one((raw) => cardRoom(raw).roomLeft),
          one((raw) => cardRoom(raw).available),
        ),
      },
    ],
  },
  {
    id: 'h2-balances-list-accounts',
    category: 'balances',
    turns: [{ ask: 'list all my accts w balances', expect: money(accountBalances) }],
  },
  {
    id: 'h2-balances-at-alpaca',
    category: 'balances',
    turns: [
      {
        ask: 'how much is at alpaca',
        expect: any(
          one((raw) => alpaca(raw).reduce((sum, cents) => sum + cents, 0)),
          money(alpaca),
        ),
      },
    ],
  },
  {
    id: 'h2-balances-assets-without-debt',
    category: 'balances',
    turns: [{ ask: 'total assets not counting what i owe', expect: one(totalAssets) }],
  },
];

/** The best performer under each reading: by gain on cost (percent) or in dollars, per position or per security. */
function bestPerformers(raw: RawData): { percents: number[]; dollars: { ticker: string; gain: number }[] } {
  const readings = performers(raw);
  return {
    percents: readings.flatMap((rows) => {
      const best = [...rows].sort((a, b) => b.percent - a.percent)[0];
      return best ? [best.percent] : [];
    }),
    dollars: readings.flatMap((rows) => {
      const best = [...rows].sort((a, b) => b.gain - a.gain)[0];
      return best ? [{ ticker: best.ticker, gain: best.gain }] : [];
    }),
  };
}

export const INVESTMENT_QUESTIONS: readonly HeldOut2Question[] = [
  {
    id: 'h2-investments-portfolio-doing',
    category: 'investments',
    turns: [
      {
        ask: 'hows my portfolio doing',
        expect: any(one(unrealisedGain), one(investmentsValue), percent(returnOnCost)),
      },
    ],
  },
  {
    id: 'h2-investments-nvda-worth',
    category: 'investments',
    turns: [{ ask: 'whats my nvda worth', expect: tickerWorth('NVDA') }],
  },
  {
    id: 'h2-investments-aapl-position',
    category: 'investments',
    turns: [{ ask: 'aapl position value?', expect: tickerWorth('AAPL') }],
  },
  {
    id: 'h2-investments-unrealized-gains',
    category: 'investments',
    turns: [{ ask: 'total unrealized gains', expect: one(unrealisedGain) }],
  },
  {
    id: 'h2-investments-up-the-most',
    category: 'investments',
    turns: [
      {
        ask: 'which of my holdings is up the most',
        expect: any(
          eachOf(
            2,
            (raw) => bestPerformers(raw).percents,
            (pick) => percent(pick),
          ),
          eachOf(
            2,
            (raw) => bestPerformers(raw).dollars,
            (pick) =>
              one(
                (raw) => pick(raw).gain,
                (raw) => [pick(raw).ticker],
              ),
          ),
        ),
      },
    ],
  },
  {
    id: 'h2-investments-in-etfs',
    category: 'investments',
    turns: [
      {
        ask: 'how much do i have in etfs',
        expect: any(
          one((raw) => valueOfClass(raw, 'etf')),
          one((raw) => valueOfClass(raw, 'etf') - valueOfTicker(raw, 'BND')),
        ),
      },
    ],
  },
  {
    id: 'h2-investments-vxus-all-accts',
    category: 'investments',
    turns: [
      { ask: 'whats my vxus worth across all accts', expect: one((raw) => tickerValues(raw, 'VXUS').total) },
    ],
  },
  {
    id: 'h2-investments-uninvested-cash',
    category: 'investments',
    turns: [
      {
        ask: 'how much cash is sitting uninvested in my brokerage accounts',
        expect: any(
          one((raw) => investmentCash(raw).all),
          one((raw) => investmentCash(raw).brokerageOnly),
        ),
      },
    ],
  },
  {
    id: 'h2-investments-schd-dividends-ytd',
    category: 'investments',
    turns: [
      { ask: 'dividends from schd this year', expect: one((raw) => dividendsOf(raw, thisYear(raw), 'SCHD')) },
    ],
  },
  {
    id: 'h2-investments-return-percent',
    category: 'investments',
    turns: [{ ask: 'whats my overall return on investments in %', expect: percent(returnOnCost) }],
  },
];

export const CRYPTO_QUESTIONS: readonly HeldOut2Question[] = [
  {
    id: 'h2-crypto-worth',
    category: 'crypto',
    turns: [{ ask: 'how much is my crypto worth', expect: one(cryptoCents) }],
  },
  {
    id: 'h2-crypto-btc-in-usd',
    category: 'crypto',
    turns: [
      {
        ask: 'btc balance in usd',
        expect: any(
          one((raw) => cryptoSymbolCents(raw, 'BTC')),
          one((raw) => cryptoSymbolCents(raw, 'BTC') + cryptoSymbolCents(raw, 'WBTC')),
        ),
      },
    ],
  },
  {
    id: 'h2-crypto-phantom-wallet',
    category: 'crypto',
    turns: [{ ask: 'whats in my phantom wallet', expect: one((raw) => wallet(raw, 'Phantom_web3')) }],
  },
  {
    id: 'h2-crypto-eth-in-dollars',
    category: 'crypto',
    turns: [
      {
        ask: 'how much eth do i have in dollars',
        expect: any(
          one((raw) => cryptoSymbolCents(raw, 'ETH')),
          one((raw) => wallet(raw, 'Ledger_web3') + wallet(raw, 'MetaMask_web3')),
        ),
      },
    ],
  },
  {
    id: 'h2-crypto-stablecoins',
    category: 'crypto',
    turns: [{ ask: 'stablecoins total?', expect: one(stablecoinCents) }],
  },
  {
    id: 'h2-crypto-richest-wallet',
    category: 'crypto',
    turns: [
      {
        ask: 'which wallet has the most money',
        expect: one(
          (raw) => richestWallet(raw, walletCents).cents,
          (raw) => [richestWallet(raw, walletCents).tag],
        ),
      },
    ],
  },
  {
    id: 'h2-crypto-bitcoin-share',
    category: 'crypto',
    turns: [
      {
        ask: 'what % of my crypto is bitcoin',
        expect: any(
          percent((raw) => (cryptoSymbolCents(raw, 'BTC') / cryptoCents(raw)) * 100),
          percent(
            (raw) =>
              ((cryptoSymbolCents(raw, 'BTC') + cryptoSymbolCents(raw, 'WBTC')) / cryptoCents(raw)) * 100,
          ),
        ),
      },
    ],
  },
  {
    id: 'h2-crypto-solana-worth',
    category: 'crypto',
    turns: [
      {
        ask: 'solana holdings worth?',
        expect: any(
          one((raw) => cryptoSymbolCents(raw, 'SOL')),
          one((raw) => wallet(raw, 'Phantom_web3')),
        ),
      },
    ],
  },
  {
    id: 'h2-crypto-plus-stocks',
    category: 'crypto',
    turns: [
      {
        ask: 'crypto + stocks together how much',
        expect: any(
          one((raw) => cryptoCents(raw) + investmentsValue(raw)),
          one((raw) => cryptoCents(raw) + investmentsValue(raw) - valueOfTicker(raw, 'CASH')),
        ),
      },
    ],
  },
];
