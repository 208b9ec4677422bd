import { addDays, addMonths } from '../../finance/index.ts';
import { calculatorCalls } from './calculators.ts';
import { thisMonth } from './periods.ts';
import type { Reading, ToolCall } from './reading.ts';
import type { TurnContext } from './vocabulary.ts';

/** The finance tools that answer a plain reading (no ledger shape): one intent, one or two tools. */
export function callsFor(reading: Reading, context: TurnContext, deep: boolean): ToolCall[] | string {
  const account = reading.account?.name;
  const accountInput = account ? { account } : {};
  const period = reading.period ?? thisMonth(context.today);
  const range = { start: period.start, end: period.end };
  switch (reading.intent) {
    case 'spending':
      return [
        {
          tool: 'spending_by_category',
          input: {
            ...range,
            ...accountInput,
            ...(reading.category ? { category: reading.category.code } : {}),
            compare_previous: deep,
          },
        },
        ...(deep || reading.category
          ? [
              {
                tool: 'spending_by_merchant' as const,
                input: {
                  ...range,
                  ...accountInput,
                  ...(reading.category ? { category: reading.category.code } : {}),
                  limit: 10,
                },
              },
            ]
          : []),
      ];
    case 'merchants':
      return [
        {
          tool: 'spending_by_merchant',
          input: {
            ...range,
            ...accountInput,
            ...(reading.merchant ? { merchant: reading.merchant } : {}),
            ...(reading.category ? { category: reading.category.code } : {}),
            limit: reading.limit ?? 10,
            compare_previous: deep,
          },
        },
      ];
    case 'income':
      if (reading.category?.code.startsWith('INCOME')) {
        return [
          {
            tool: 'search_transactions',
            input: { ...range, ...accountInput, category: reading.category.code, direction: 'in', limit: 50 },
          },
        ];
      }
      return [
        { tool: 'cash_flow', input: { ...range, ...accountInput } },
        ...(deep ? [{ tool: 'spending_by_category' as const, input: { ...range, ...accountInput } }] : []),
      ];
    case 'cash_flow':
      return [
        // Two periods compared ('savings rate last month', 'compare that to this yr'): each one's.
        ...(reading.periods ?? [period]).map((each) => ({
          tool: 'cash_flow' as const,
          input: { start: each.start, end: each.end, ...accountInput },
        })),
        ...(deep ? [{ tool: 'spending_by_category' as const, input: { ...range, ...accountInput } }] : []),
      ];
    case 'net_worth':
      return [
        { tool: 'net_worth', input: { months: 12 } },
        ...(deep ? [{ tool: 'list_accounts' as const, input: {} }] : []),
      ];
    case 'balances': {
      // 'my card balance this month', 'if I paid off my card today': a period running to today, named
      // without asking how it changed, is today's balance, the accounts' own.
      if (
        !reading.balanceHistory ||
        (reading.balanceHistory === 'period' && (reading.period?.end ?? context.today) >= context.today)
      )
        return [{ tool: 'list_accounts', input: {} }];
      // No period said: the last 6 months, as a series of month ends.
      const over =
        reading.balanceHistory === 'this_year'
          ? { start: `${context.today.slice(0, 4)}-01-01`, end: context.today }
          : reading.balanceHistory === 'this_month'
            ? { start: `${context.today.slice(0, 7)}-01`, end: context.today }
            : reading.balanceHistory === 'to_today' && reading.period
              ? // 'on jan 1 vs now': that day's end is the opening balance.
                { start: addDays(reading.period.end, 1), end: context.today }
              : reading.period && !reading.periodDefaulted
                ? {
                    start: reading.period.start,
                    end: reading.period.end < context.today ? reading.period.end : context.today,
                  }
                : { start: addMonths(`${context.today.slice(0, 7)}-01`, -5), end: context.today };
      // The account asked about (a balance reading keeps it as the one named), else the bank accounts.
      const named = reading.namedAccount?.name ?? account;
      return [
        { tool: 'balance_history', input: { account: named ?? reading.accountKind ?? 'bank', ...over } },
      ];
    }
    case 'recurring':
      return [
        {
          tool: 'recurring_payments',
          input: {
            kind: reading.subscriptionsOnly ? 'subscriptions' : 'all',
            ...(reading.shareOf ? { share_of: reading.shareOf } : {}),
          },
        },
      ];
    case 'largest':
      return [
        {
          tool: 'largest_transactions',
          input: {
            ...range,
            ...(account ? accountInput : reading.accountKind ? { account: reading.accountKind } : {}),
            direction: reading.direction ?? 'out',
            limit: reading.limit ?? 5,
            ...(reading.category ? { category: reading.category.code } : {}),
          },
        },
      ];
    case 'search':
      return [
        {
          tool: 'search_transactions',
          input: {
            ...(reading.period ? range : {}),
            ...(account ? accountInput : reading.accountKind ? { account: reading.accountKind } : {}),
            ...(reading.merchant ? { merchant: reading.merchant } : {}),
            ...(reading.category ? { category: reading.category.code } : {}),
            ...(reading.categories ? { categories: reading.categories.map((c) => c.code) } : {}),
            ...(reading.text ? { text: reading.text } : {}),
            ...(reading.direction ? { direction: reading.direction } : {}),
            limit: reading.limit ?? 50,
          },
        },
      ];
    case 'holdings':
      return [{ tool: 'holdings', input: { group_by: reading.groupBy ?? 'security', ...accountInput } }];
    case 'crypto':
      return [{ tool: 'crypto_balances', input: reading.coins?.length ? { symbols: reading.coins } : {} }];
    case 'compound_growth':
    case 'loan_payment':
    case 'savings_goal':
    case 'emergency_fund':
      return calculatorCalls(reading);
    case 'summary':
      return [{ tool: 'money_summary', input: {} }];
    case 'cut_back':
      return [{ tool: 'cut_back', input: {} }];
    case 'budgets':
      return [{ tool: 'budget_status', input: {} }];
    case 'afford': {
      const amount = reading.numbers?.amount ?? reading.numbers?.target ?? reading.numbers?.monthly;
      if (amount === undefined) return 'How much would it cost, and is it a one-off or a monthly cost?';
      return [
        {
          tool: 'affordability',
          input: {
            amount,
            ...(reading.numbers?.monthly !== undefined ? { monthly: true } : {}),
            ...(reading.period && reading.period.end > context.today ? { by: reading.period.end } : {}),
          },
        },
      ];
    }
  }
}
