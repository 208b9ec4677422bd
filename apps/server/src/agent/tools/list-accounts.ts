import {
  type AnalyticsAccount,
  type BankCash,
  fromCents,
  type NetWorth,
  percentOf,
  toCents,
} from '../../finance/index.ts';

/** Account kinds as the facts name them. */
const KIND_WORD: Record<string, string> = {
  checking: 'checking',
  savings: 'savings',
  credit: 'credit cards',
  loan: 'loans',
  investment: 'investments',
  crypto: 'crypto',
  other: 'other',
};

import { block, count, money, num, PLATFORM_WORD, rankedSentence, usd } from './format.ts';
import type { FinanceTool, ToolResult } from './types.ts';

export type ListAccountsData = {
  platform: 'plaid' | 'snaptrade' | 'web3' | null;
  accounts: Array<{
    id: string;
    name: string;
    platform: AnalyticsAccount['platform'];
    kind: string;
    subtype: string | null;
    institution: string | null;
    connection: string;
    mask: string | null;
    /** USD, + = asset, owed is negative. */
    balance: string | null;
    /** In the account's own currency. */
    current: string | null;
    available: string | null;
    limit: string | null;
    currency: string;
    transactionCount: number;
  }>;
  totals: Pick<NetWorth, 'assets' | 'liabilities' | 'net' | 'byKind'> & {
    /** Checking plus savings. */
    cash: string;
  };
};

/**
 * A card's room left: its limit less what is owed, and the available credit its bank reports (which
 * also holds back pending charges), in USD cards only.
 */
function creditLeft(account: AnalyticsAccount): string {
  if (account.kind !== 'credit' || account.currency !== 'USD' || account.limit === null) return '';
  // The balance is negative while something is owed (+ = money in).
  const left = fromCents(toCents(account.limit) + toCents(account.balanceUsd ?? '0'));
  const available =
    account.available === null ? '' : `, ${usd(account.available)} available as the bank reports it`;
  return `; credit limit ${usd(account.limit)}, ${usd(left)} left after what is owed${available}`;
}

/** ' (checking 15.4%, savings 84.6%)': where the cash is, when it is in both, the larger first. */
function cashSplit(cash: BankCash): string {
  const parts = cash.byKind
    .filter((kind) => toCents(kind.total) > 0n)
    .sort((a, b) => Number(b.total) - Number(a.total));
  if (parts.length < 2 || toCents(cash.total) <= 0n) return '';
  return ` (${parts.map((kind) => `${kind.kind} ${percentOf(kind.total, cash.total)}%`).join(', ')})`;
}

/** 'how much do I have at First Platypus': each institution's accounts together, when there are several. */
function byInstitution(accounts: AnalyticsAccount[]): string[] {
  const totals = new Map<string, { cents: bigint; count: number }>();
  for (const account of accounts) {
    if (!account.institution || account.balanceUsd === null) continue;
    const entry = totals.get(account.institution) ?? { cents: 0n, count: 0 };
    totals.set(account.institution, {
      cents: entry.cents + toCents(account.balanceUsd),
      count: entry.count + 1,
    });
  }
  const several = [...totals].filter(([, entry]) => entry.count > 1);
  if (totals.size < 2 && several.length === 0) return [];
  return [
    `By institution (what is owed subtracted): ${[...totals]
      .map(([name, entry]) => `${name} ${usd(fromCents(entry.cents))} (${count(entry.count, 'account')})`)
      .join(', ')}.`,
  ];
}

/** 'if I paid off my cards': the cash in checking and savings less what the cards owe, when they owe. */
function cashAfterCards(cash: string, accounts: AnalyticsAccount[]): string[] {
  const cards = accounts.filter((a) => a.kind === 'credit' && a.balanceUsd !== null);
  const owed = cards.reduce((sum, card) => sum - toCents(card.balanceUsd as string), 0n);
  if (owed <= 0n) return [];
  return [
    `Cash in checking and savings after paying off the ${cards.length === 1 ? 'credit card' : `${cards.length} credit cards`} (${usd(fromCents(owed))} owed): ${usd(fromCents(toCents(cash) - owed))}.`,
  ];
}

export const listAccountsTool = {
  name: 'list_accounts',
  description:
    "Lists the user's linked accounts (banks through Plaid, brokerages through SnapTrade, crypto wallets) with each account's type, institution and current balance in USD, and the combined total (assets minus what is owed). Use it for balances, 'how much money do I have', which accounts are linked, and to find an account's exact name for other tools' `account` filter. Optional `platform`: 'plaid', 'snaptrade' or 'web3'.",
  symbol: '🏦',
  describe(input) {
    return input.platform
      ? `Listing your linked ${PLATFORM_WORD[input.platform]} accounts`
      : 'Listing your linked accounts and their balances';
  },
  async execute(input, context): Promise<ToolResult<ListAccountsData>> {
    const { analytics } = context.services;
    const [all, totals, bankCash] = await Promise.all([
      analytics.accounts(context.userId),
      analytics.netWorth(context.userId, { platform: input.platform }),
      analytics.bankCash(context.userId, { platform: input.platform }),
    ]);
    const accounts = all.filter((account) => !input.platform || account.platform === input.platform);
    const cash = bankCash.total;
    const data: ListAccountsData = {
      platform: input.platform ?? null,
      accounts: accounts.map((account) => ({
        id: account.id,
        name: account.displayName,
        platform: account.platform,
        kind: account.kind,
        subtype: account.subtype,
        institution: account.institution,
        connection: account.connectionName,
        mask: account.mask,
        balance: account.balanceUsd,
        current: account.current,
        available: account.available,
        limit: account.limit,
        currency: account.currency,
        transactionCount: account.transactionCount,
      })),
      totals: {
        assets: totals.assets,
        liabilities: totals.liabilities,
        net: totals.net,
        byKind: totals.byKind,
        cash,
      },
    };
    const scope = input.platform ? `${PLATFORM_WORD[input.platform]} ` : '';
    if (accounts.length === 0) {
      return {
        data,
        facts: [`No ${scope}accounts are linked yet.`],
        blocks: [],
        provenance: { accounts: [], transactionCount: 0 },
      };
    }
    const facts = [
      `You have ${count(accounts.length, `linked ${scope}account`)} with a combined balance of ${usd(totals.net)} (${usd(totals.assets)} in assets and ${usd(totals.liabilities)} owed).`,
      `By type: ${totals.byKind
        .map((kind) => {
          // An asset type's share of everything owned ('what % of my money is in savings').
          const share = Number(kind.total) > 0 ? percentOf(kind.total, totals.assets) : null;
          return `${KIND_WORD[kind.kind] ?? kind.kind} ${usd(kind.total)}${share === null ? '' : ` (${share}% of assets)`}`;
        })
        .join(', ')}.`,
      `Cash in checking and savings: ${usd(cash)}${cashSplit(bankCash)}.`,
      ...cashAfterCards(cash, accounts),
      ...byInstitution(accounts),
      ...rankedSentence(
        'Accounts',
        accounts.map((a) => ({ name: a.displayName, amount: a.balanceUsd })),
      ),
      ...accounts.map((account) => {
        const institution =
          account.institution && !account.displayName.includes(account.institution)
            ? account.institution
            : null;
        const where = [account.kind, institution].filter(Boolean).join(', ');
        const balance =
          account.balanceUsd === null
            ? `${account.current ?? 'no balance'} ${account.currency} (no USD value)`
            : usd(account.balanceUsd);
        return `${account.displayName} (${where}): ${balance}${creditLeft(account)}.`;
      }),
    ];
    return {
      data,
      facts,
      blocks: [
        block('table', {
          type: 'table',
          title: input.platform ? `Linked ${PLATFORM_WORD[input.platform]} accounts` : 'Linked accounts',
          columns: [
            { key: 'account', header: 'Account' },
            { key: 'type', header: 'Type' },
            { key: 'institution', header: 'Institution' },
            { key: 'balance', header: 'Balance' },
          ],
          rows: accounts.map((account) => ({
            account: account.displayName,
            type: account.subtype ?? account.kind,
            institution: account.institution ?? account.connectionName,
            balance: num(account.balanceUsd),
          })),
          currency_symbol: 'USD',
        }),
        block('figures', {
          type: 'content',
          title: 'Total',
          content: `/1 Combined balance ${money(totals.net)}\n/green Assets ${money(totals.assets)} /red Owed ${money(totals.liabilities)}`,
        }),
      ],
      provenance: { accounts: accounts.map((account) => account.displayName), transactionCount: 0 },
    };
  },
} satisfies FinanceTool<'list_accounts'>;
