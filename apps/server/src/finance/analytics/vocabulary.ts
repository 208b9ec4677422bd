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
  const categories = await readRows<{
    primary_code: string | null;
    detailed_code: string | null;
    /** grouping(): 0 a detailed category, 1 a primary. */
    level: number;
    count: number;
  }>(
    db,
    sql`
      select t.category_primary as primary_code, t.category_detailed as detailed_code,
        grouping(t.category_detailed)::int as level, count(*)::int as count
      from ledger_transaction t
      where t.user_id = ${userId} and not t.pending and t.category_primary is not null
      group by grouping sets ((t.category_primary, t.category_detailed), (t.category_primary))
      order by count(*) desc`,
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
    })),
    categories: categories.flatMap((row) => {
      const code = row.level === 1 ? row.primary_code : row.detailed_code;
      if (!code) return [];
      return [
        {
          code,
          label: categoryLabel(code),
          level: row.level === 1 ? ('primary' as const) : ('detailed' as const),
          count: Number(row.count),
        },
      ];
    }),
    merchants: merchants.map((row) => ({ name: row.name, count: Number(row.count) })),
  };
}
