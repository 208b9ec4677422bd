import { sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { categoryLabel } from '../categories.ts';
import { listAccounts } from './accounts.ts';
import { IS_INCOME, IS_SPENDING, readRows, USD } from './sql.ts';

export type Vocabulary = {
  accounts: Array<{
    id: string;
    name: string;
    platform: string;
    kind: string;
    institution: string | null;
    chain: string | null;
    /**
     * The categories of the account's posted transactions, detailed where known: a follow-up keeps an
     * account only for what it holds ('and dividends' after the savings account's interest).
     */
    categories: string[];
  }>;
  categories: Array<{ code: string; label: string; level: 'primary' | 'detailed'; count: number }>;
  merchants: Array<{ name: string; count: number }>;
  /** The securities the user holds, so a ticker is known in any case ('vti', 'Vti'). */
  securities: Array<{ ticker: string | null; name: string; crypto: boolean }>;
  /**
   * The first and last day of the posted history: a period wholly outside it is said, never $0. A
   * wallet's transfers can start years before the bank's, so the first day of spending or income is
   * kept too (`moneyFirst`); and the day of the latest paycheck, for 'since my last paycheck'.
   */
  history: {
    first: string | null;
    last: string | null;
    moneyFirst: string | null;
    lastPaycheck: string | null;
  };
};

/** The user's own names for the model's context: accounts, categories used, merchants seen. */
export async function vocabulary(
  db: Database,
  userId: string,
  options: { merchantLimit?: number } = {},
): Promise<Vocabulary> {
  // One pass: each account's categories; the user's category counts are summed from them.
  const held = await readRows<{
    account_id: string;
    primary_code: string;
    detailed_code: string | null;
    count: number;
  }>(
    db,
    sql`
      select t.account_id, t.category_primary as primary_code, t.category_detailed as detailed_code,
        count(*)::int as count
      from ledger_transaction t
      where t.user_id = ${userId} and not t.pending and t.category_primary is not null
      group by t.account_id, t.category_primary, t.category_detailed`,
  );
  const merchants = await readRows<{ name: string; count: number }>(
    db,
    sql`
      select t.merchant as name, count(*)::int as count
      from ledger_transaction t
      where t.user_id = ${userId} and not t.pending and t.merchant is not null
      group by t.merchant
      order by count(*) desc, t.merchant
      limit ${options.merchantLimit ?? 200}`,
  );
  const securities = await readRows<{ ticker: string | null; name: string; crypto: boolean }>(
    db,
    sql`
      select s.ticker, s.name, bool_or(a.kind = 'crypto') as crypto
      from holding h
        join security s on s.id = h.security_id
        join ledger_account a on a.id = h.account_id
      where h.user_id = ${userId}
      group by s.ticker, s.name
      order by s.name
      limit 200`,
  );
  const [bounds] = await readRows<{
    first: string | null;
    last: string | null;
    money_first: string | null;
    last_paycheck: string | null;
  }>(
    db,
    sql`
      select min(t.date)::text as first, max(t.date)::text as last,
        (min(t.date) filter (where ${IS_SPENDING} or ${IS_INCOME}))::text as money_first,
        (max(t.date) filter (where t.category_detailed = 'INCOME_WAGES' and ${USD} > 0))::text as last_paycheck
      from ledger_transaction t
      where t.user_id = ${userId} and not t.pending`,
  );
  return {
    securities: securities.map((row) => ({
      ticker: row.ticker,
      name: row.name,
      crypto: Boolean(row.crypto),
    })),
    history: {
      first: bounds?.first ?? null,
      last: bounds?.last ?? null,
      moneyFirst: bounds?.money_first ?? null,
      lastPaycheck: bounds?.last_paycheck ?? null,
    },
    accounts: (await listAccounts(db, userId)).map((account) => ({
      id: account.id,
      name: account.displayName,
      platform: account.platform,
      kind: account.kind,
      institution: account.institution,
      chain: account.chain,
      categories: [
        ...new Set(
          held.flatMap((row) =>
            row.account_id === account.id ? [row.detailed_code ?? row.primary_code] : [],
          ),
        ),
      ].sort(),
    })),
    categories: categoryCounts(held),
    merchants: merchants.map((row) => ({ name: row.name, count: Number(row.count) })),
  };
}

/** The user's categories, primary and detailed, with how many posted transactions each has, most first. */
function categoryCounts(
  held: Array<{ primary_code: string; detailed_code: string | null; count: number }>,
): Vocabulary['categories'] {
  const counts = new Map<string, { level: 'primary' | 'detailed'; count: number }>();
  const add = (code: string, level: 'primary' | 'detailed', count: number) =>
    counts.set(code, { level, count: (counts.get(code)?.count ?? 0) + count });
  for (const row of held) {
    add(row.primary_code, 'primary', Number(row.count));
    if (row.detailed_code) add(row.detailed_code, 'detailed', Number(row.count));
  }
  return [...counts]
    .map(([code, { level, count }]) => ({ code, label: categoryLabel(code), level, count }))
    .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
}
