import { fromCents, type Holdings, percentOf, toCents } from '../../finance/index.ts';
import { partsChart } from './chart-choice.ts';
import {
  block,
  count,
  list,
  money,
  num,
  percent,
  signedMoney,
  signedPercent,
  signedUsd,
  usd,
} from './format.ts';
import type { FinanceTool, ToolBlock, ToolResult } from './types.ts';

export type HoldingsData = Holdings;

const GROUP_WORD = { asset_class: 'asset class', security: 'security', account: 'account' } as const;

/** Exact sum of decimal quantities ('12.5' + '0.25'), as a decimal string without trailing zeros. */
function sumQuantities(quantities: string[]): string {
  const places = Math.max(0, ...quantities.map((q) => q.split('.')[1]?.length ?? 0));
  const scaled = quantities.reduce((sum, q) => {
    const [whole = '0', fraction = ''] = q.replace('-', '').split('.');
    const units = BigInt(whole + fraction.padEnd(places, '0'));
    return sum + (q.startsWith('-') ? -units : units);
  }, 0n);
  const digits = (scaled < 0n ? -scaled : scaled).toString().padStart(places + 1, '0');
  const text =
    places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`.replace(/\.?0+$/, '');
  return `${scaled < 0n ? '-' : ''}${text}`;
}

/** ', 45.2 shares' for a security group: its positions' quantities added exactly. */
function sharesOf(result: Holdings, key: string): string {
  if (result.groupBy !== 'security') return '';
  const positions = result.positions.filter((p) => p.ticker === key && p.assetClass !== 'Cash');
  if (positions.length === 0) return '';
  const total = sumQuantities(positions.map((p) => p.quantity));
  return `, ${total} ${total === '1' ? 'share' : 'shares'}`;
}

/**
 * The best and worst security by gain on cost, as a percentage (the dollar gain beside it), when at
 * least two report a cost basis: 'which of my stocks is doing the worst'.
 */
function performers(result: Holdings): string[] {
  if (result.groupBy !== 'security') return [];
  const ranked = result.groups
    .filter((group) => group.key !== 'Cash' && group.gain !== null && group.gainPercent !== null)
    .sort((a, b) => (b.gainPercent ?? 0) - (a.gainPercent ?? 0));
  const best = ranked[0];
  const worst = ranked.at(-1);
  if (!best || !worst || ranked.length < 2) return [];
  const said = (group: typeof best) =>
    `${group.label}, ${signedPercent(group.gainPercent, 2)} (${signedUsd(group.gain ?? '0')})`;
  const byDollars = [...ranked].sort((a, b) => Number(toCents(b.gain ?? '0') - toCents(a.gain ?? '0')));
  const dollars = (group: typeof best) => `${group.label} ${signedUsd(group.gain ?? '0')}`;
  return [
    `Best performer by gain on cost: ${said(best)}; worst performer: ${said(worst)}.`,
    `By dollar gain, the most: ${byDollars.slice(0, 3).map(dollars).join(', ')}; the least: ${dollars(byDollars.at(-1) ?? worst)}.`,
  ];
}

/** 'how much cash is sitting uninvested': each investment account's cash, and their total. */
function uninvestedCash(result: Holdings): string[] {
  const cash = result.positions.filter((p) => p.assetClass === 'cash' && p.value !== null);
  if (cash.length === 0) return [];
  const total = fromCents(cash.reduce((sum, p) => sum + toCents(p.value ?? '0'), 0n));
  const each =
    cash.length > 1 ? ` (${cash.map((p) => `${p.account} ${usd(p.value ?? '0')}`).join(', ')})` : '';
  return [
    `Uninvested cash: ${usd(total)} in ${count(cash.length, 'account')}${each}, left out of the cost basis and gain.`,
  ];
}

/** Fund names that say they invest outside the US ('Total International', 'Emerging Markets'). */
const INTERNATIONAL_FUND =
  /\b(international|intl|ex[- ]us|emerging markets?|developed markets?|world ex|foreign)\b/i;

/** The funds whose names say they invest abroad, so 'how much international exposure' has an answer. */
function internationalFunds(result: Holdings): string[] {
  const funds = result.positions.filter((p) => p.value !== null && INTERNATIONAL_FUND.test(p.name));
  if (funds.length === 0) return [];
  const total = fromCents(funds.reduce((sum, p) => sum + toCents(p.value ?? '0'), 0n));
  const names = [...new Set(funds.map((p) => p.ticker ?? p.name))];
  return [
    `International funds (by their names): ${list(names)}, ${usd(total)} (${percent(percentOf(total, result.totals.value))} of the total).`,
  ];
}

/** Fund names that say they hold bonds ('Total Bond Market', 'Treasury'): brokers report them as funds. */
const BOND_FUND = /\b(bonds?|treasury|treasuries|fixed income|municipal|muni)\b/i;

/**
 * Brokers report a bond fund as an ETF or a mutual fund, not as bonds: the funds whose names say
 * they hold bonds, so 'stocks vs bonds' has an answer, said as read from the names.
 */
function bondFunds(result: Holdings): string[] {
  if (result.groupBy !== 'asset_class' || result.groups.some((group) => group.label === 'Bonds')) return [];
  const funds = result.positions.filter(
    (p) =>
      (p.assetClass === 'etf' || p.assetClass === 'mutual fund') &&
      p.value !== null &&
      BOND_FUND.test(p.name),
  );
  if (funds.length === 0) return [];
  const total = fromCents(funds.reduce((sum, p) => sum + toCents(p.value ?? '0'), 0n));
  const names = [...new Set(funds.map((p) => p.ticker ?? p.name))];
  return [
    `Bond funds (by their names; counted among the funds above): ${list(names)}, ${usd(total)} (${percent(percentOf(total, result.totals.value))} of the total).`,
  ];
}

export const holdingsTool = {
  name: 'holdings',
  description:
    "What the user's investment accounts (brokerages, retirement and bank investment accounts) hold now: every position (ticker, quantity, price, market value, cost basis, unrealised gain = value − cost basis) plus each account's uninvested cash, the total value and gain, and the allocation grouped by `group_by`: 'asset_class' (stocks, ETFs, mutual funds, cash), 'security' (default: each ticker across all accounts) or 'account', with each group's value, share and gain. Optional `account` (name or id). Crypto wallets: use crypto_balances.",
  symbol: '📊',
  describe(input) {
    return `Reading your holdings by ${GROUP_WORD[input.group_by]}${input.account ? ` in ${input.account}` : ''}`;
  },
  async execute(input, context): Promise<ToolResult<HoldingsData>> {
    const result = await context.services.analytics.holdings(context.userId, {
      account: input.account,
      groupBy: input.group_by,
    });
    const where = result.accountFilter.length > 0 ? ` in ${list(result.accountFilter)}` : '';
    if (result.positions.length === 0) {
      return {
        data: result,
        facts: [`No holdings were found${where}: no brokerage or wallet positions are linked.`],
        blocks: [],
        provenance: { accounts: result.accountFilter, transactionCount: 0 },
      };
    }
    const { totals } = result;
    const facts = [
      `Your holdings${where} are worth ${usd(totals.value)} across ${count(totals.positions, 'position')} in ${count(result.accountsRead.length, 'account')}.`,
      totals.gain === null
        ? 'No position reports a cost basis, so there is no unrealised gain to show.'
        : `Unrealised gain: ${signedUsd(totals.gain)} (${signedPercent(totals.gainPercent, 2)}) on a cost basis of ${usd(totals.costBasis)} (positions that report a cost basis; uninvested cash has none).`,
      // Every group (the writer shows the first few, and a position asked about by name first).
      ...result.groups
        .slice(0, 50)
        .map(
          (group) =>
            `${group.label}: ${usd(group.value)} (${percent(group.sharePercent)} of the total)${sharesOf(result, group.key)}${
              group.gain === null ? '' : `, cost ${usd(group.costBasis)}, gain ${signedUsd(group.gain)}`
            }.`,
        ),
      ...performers(result),
      ...bondFunds(result),
      ...internationalFunds(result),
      ...uninvestedCash(result),
    ];
    const blocks: ToolBlock[] = [
      block('figures', {
        type: 'content',
        title: 'Holdings',
        content: `/1 Market value ${money(totals.value)}${
          totals.gain === null
            ? ''
            : `\nCost basis ${money(totals.costBasis)} ${totals.gain.startsWith('-') ? '/red' : '/green'} Gain ${signedMoney(totals.gain)} (${signedPercent(totals.gainPercent, 2)})`
        }`,
      }),
    ];
    const positive = result.groups.filter((group) => Number(group.value) > 0);
    const allocation = partsChart(
      `Allocation by ${GROUP_WORD[input.group_by]}`,
      positive.map((group) => ({ label: group.label, value: num(group.value) })),
      { currency_symbol: 'USD' },
    );
    if (allocation) blocks.push(allocation);
    blocks.push(
      block('table', {
        type: 'table',
        title: 'Positions',
        columns: [
          { key: 'ticker', header: 'Ticker' },
          { key: 'name', header: 'Name' },
          { key: 'account', header: 'Account' },
          { key: 'quantity', header: 'Quantity' },
          { key: 'price', header: 'Price' },
          { key: 'value', header: 'Market value' },
          { key: 'cost', header: 'Cost basis' },
          { key: 'gain', header: 'Gain' },
        ],
        rows: result.positions.map((position) => ({
          ticker: position.ticker ?? '',
          name: position.name,
          account: position.account,
          quantity: num(position.quantity),
          price: num(position.price),
          value: num(position.value),
          cost: num(position.costBasis),
          gain: num(position.gain),
        })),
        currency_symbol: 'USD',
      }),
    );
    return {
      data: result,
      facts,
      blocks,
      provenance: { accounts: result.accountsRead, transactionCount: 0 },
    };
  },
} satisfies FinanceTool<'holdings'>;
