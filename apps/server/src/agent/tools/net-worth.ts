import type { BankCash, NetWorth, NetWorthTrend } from '../../finance/index.ts';
import { fromCents, percentOf, toCents } from '../../finance/index.ts';
import { chooseChart, seriesChart } from './chart-choice.ts';
import {
  block,
  change,
  count,
  dayText,
  money,
  num,
  signedMoney,
  signedPercent,
  signedUsd,
  usd,
} from './format.ts';
import type { FinanceTool, ToolResult } from './types.ts';

export type NetWorthData = NetWorth & {
  today: string;
  trend: NetWorthTrend['points'];
  /** Accounts in the ledger; trend points with fewer had accounts not recorded yet at that date. */
  accountCount: number;
  /**
   * From the trend's first month end to now: of the whole net worth when every account had a value
   * then, else of the bank and card accounts alone (whose past balances are always known).
   */
  change: {
    scope: 'net_worth' | 'bank_and_card_accounts';
    from: string;
    before: string;
    now: string;
    amount: string;
    percent: number | null;
  } | null;
};

const KIND_LABEL: Record<string, string> = {
  checking: 'Checking',
  savings: 'Savings',
  credit: 'Credit cards',
  loan: 'Loans',
  investment: 'Investments',
  crypto: 'Crypto',
  other: 'Other',
};

/** 'net worth without crypto': the net worth less the wallets, when there are wallets. */
function withoutCrypto(net: string, byKind: Array<{ kind: string; total: string }>): string[] {
  const crypto = byKind.find((kind) => kind.kind === 'crypto');
  if (!crypto || toCents(crypto.total) === 0n) return [];
  return [`Net worth without crypto: ${usd(fromCents(toCents(net) - toCents(crypto.total)))}.`];
}

/** 'liquid cash vs what's invested': the money in checking and savings together, beside the types. */
function bankCashFact(cash: BankCash, assets: string): string[] {
  if (cash.byKind.length === 0) return [];
  const where = cash.byKind.map((kind) => KIND_LABEL[kind.kind]?.toLowerCase()).join(' and ');
  const share =
    toCents(assets) > 0n && toCents(cash.total) > 0n ? ` (${percentOf(cash.total, assets)}% of assets)` : '';
  return [`Cash in ${where}: ${usd(cash.total)}${share}.`];
}

export const netWorthTool = {
  name: 'net_worth',
  description:
    "The user's net worth now (Σ all linked accounts' current USD balances: assets minus what is owed on credit cards and loans), broken down by account type, and its month-end trend over the last `months` months (default 12). Past month ends of bank and card accounts are rebuilt from their transactions; investment and wallet accounts count from the first balance Penny recorded.",
  symbol: '📈',
  describe(input) {
    return `Adding up your net worth and its trend over ${count(input.months, 'month')}`;
  },
  async execute(input, context): Promise<ToolResult<NetWorthData>> {
    const { analytics } = context.services;
    const [now, trend, cash] = await Promise.all([
      analytics.netWorth(context.userId),
      analytics.netWorthTrend(context.userId, { months: input.months, today: context.today }),
      analytics.bankCash(context.userId),
    ]);
    const past = trend.points.filter((point) => point.date < context.today);
    const firstComplete = past.find((point) => point.complete && point.net !== null);
    const cashNow = trend.points.at(-1)?.cash ?? '0.00';
    const first = past[0];
    const delta: NetWorthData['change'] = firstComplete?.net
      ? {
          scope: 'net_worth',
          from: firstComplete.date,
          before: firstComplete.net,
          now: now.net,
          ...change(now.net, firstComplete.net),
        }
      : first
        ? {
            scope: 'bank_and_card_accounts',
            from: first.date,
            before: first.cash,
            now: cashNow,
            ...change(cashNow, first.cash),
          }
        : null;
    const partial = trend.points.some((point) => !point.complete);
    const data: NetWorthData = {
      ...now,
      today: context.today,
      trend: trend.points,
      accountCount: trend.accountCount,
      change: delta,
    };
    const names = now.accounts.map((account) => account.name);
    if (now.accounts.length === 0) {
      return {
        data,
        facts: ['No accounts are linked yet, so there is no net worth to show.'],
        blocks: [],
        provenance: { accounts: [], transactionCount: 0 },
      };
    }
    const facts = [
      `Your net worth on ${dayText(context.today)} is ${usd(now.net)} (${usd(now.assets)} in assets minus ${usd(now.liabilities)} owed, across ${count(now.accounts.length, 'account')}).`,
      `By account type: ${now.byKind
        .map((kind) => {
          // Each type's share of everything owned and of the net worth ('what % of my net worth is
          // crypto'): the two differ when something is owed.
          const share = Number(kind.total) > 0 ? percentOf(kind.total, now.assets) : null;
          const ofNet =
            share !== null && toCents(now.net) > 0n && now.net !== now.assets
              ? `, ${percentOf(kind.total, now.net)}% of net worth`
              : '';
          return `${KIND_LABEL[kind.kind] ?? kind.kind} ${usd(kind.total)}${share === null ? '' : ` (${share}% of assets${ofNet})`}`;
        })
        .join(', ')}.`,
    ];
    if (delta?.scope === 'net_worth') {
      facts.push(
        `Since ${dayText(delta.from)} your net worth changed by ${signedUsd(delta.amount)} (${signedPercent(delta.percent)}), from ${usd(delta.before)}.`,
      );
    } else if (delta) {
      facts.push(
        `Your bank and card accounts went from ${usd(delta.before)} on ${dayText(delta.from)} to ${usd(delta.now)} now, a change of ${signedUsd(delta.amount)} (${signedPercent(delta.percent)}).`,
      );
    }
    if (partial) {
      facts.push(
        'Investment and wallet balances are known only from when Penny first recorded them, so earlier month ends show the bank and card accounts alone.',
      );
    }
    facts.push(...bankCashFact(cash, now.assets));
    if (now.unpriced.length > 0) facts.push(`Without a USD value (left out): ${now.unpriced.join(', ')}.`);
    facts.push(...withoutCrypto(now.net, now.byKind));
    // A series of one month end would be a lone dot (the figures say it): the chart draws the series with two
    // or more, titled by what it then shows.
    const netWorthSeries = trend.points.map((point) => (point.complete ? num(point.net) : null));
    const netWorthDrawn = chooseChart({ kind: 'series', values: netWorthSeries }) !== null;
    const chart = seriesChart(
      netWorthDrawn ? 'Net worth at month end' : 'Bank and card accounts at month end',
      trend.points.map((point) => point.month),
      [
        { label: 'Net worth', data: netWorthSeries, color: 'blue' },
        ...(partial
          ? [{ label: 'Bank and card accounts', data: trend.points.map((point) => num(point.cash)) }]
          : []),
      ],
      { currency_symbol: 'USD' },
    );
    return {
      data,
      facts,
      blocks: [
        block('figures', {
          type: 'content',
          title: 'Net worth',
          content: `/1 Net worth ${money(now.net)}\n/green Assets ${money(now.assets)} /red Owed ${money(now.liabilities)}${
            delta
              ? `\n${delta.scope === 'net_worth' ? 'Since' : 'Bank and card accounts since'} ${dayText(delta.from)}: ${delta.amount.startsWith('-') ? '/red' : '/green'} ${signedMoney(delta.amount)} (${signedPercent(delta.percent)})`
              : ''
          }`,
        }),
        ...(chart ? [chart] : []),
        block('table', {
          type: 'table',
          title: 'Balances',
          columns: [
            { key: 'account', header: 'Account' },
            { key: 'kind', header: 'Type' },
            { key: 'balance', header: 'Balance' },
          ],
          rows: now.accounts.map((account) => ({
            account: account.name,
            kind: KIND_LABEL[account.kind] ?? account.kind,
            balance: num(account.balance),
          })),
          currency_symbol: 'USD',
        }),
      ],
      provenance: {
        accounts: names,
        period: { start: trend.points[0]?.date ?? context.today, end: context.today },
        transactionCount: 0,
      },
    };
  },
} satisfies FinanceTool<'net_worth'>;
