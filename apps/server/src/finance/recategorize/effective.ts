import type { CategoryMatch } from '@penny/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';

export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/**
 * Whether the transaction aliased `t` matches a rule or a request's text: `merchant`, the merchant's
 * name in any case; `text`, the text anywhere in its name or merchant. `pattern` is lower case. One
 * predicate for the rules and for the proposals that list their matches, so the two never disagree.
 * (strpos, not LIKE: a pattern's `%` and `_` are plain characters.)
 */
export function matchCondition(match: SQL | CategoryMatch, pattern: SQL | string): SQL {
  const matchSql = typeof match === 'string' ? sql`${match}` : match;
  const patternSql = typeof pattern === 'string' ? sql`${pattern}` : pattern;
  return sql`(
    (${matchSql} = 'merchant' and lower(coalesce(t.merchant, '')) = ${patternSql})
    or (${matchSql} = 'text' and strpos(lower(t.name || ' ' || coalesce(t.merchant, '')), ${patternSql}) > 0)
  )`;
}

/** A rule's or a request's text as it is matched. */
export function matchPattern(text: string): string {
  return text.trim().toLowerCase();
}

/**
 * The one place the ledger's effective category is decided (docs/decisions/0022): the user's own
 * category for the transaction, else the newest matching rule's, else the provider's. It is written
 * into `category_primary` and `category_detailed`, which every figure, tool and view reads, so none
 * of them needs to know about overrides or rules. Called in the same database transaction as every
 * write that can change it: a synced page, a confirmed re-categorisation or rule, an undo.
 * `scope` narrows it to a connection or to some transactions; rows already right are not touched.
 */
export async function applyEffectiveCategories(
  db: Executor,
  userId: string,
  scope: { connectionId?: string; transactionIds?: readonly number[] } = {},
): Promise<void> {
  if (scope.transactionIds?.length === 0) return;
  const conditions = [sql`t.user_id = ${userId}`];
  if (scope.connectionId) conditions.push(sql`t.connection_id = ${scope.connectionId}`);
  if (scope.transactionIds) {
    conditions.push(
      sql`t.id in (${sql.join(
        scope.transactionIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  await db.execute(sql`
    update ledger_transaction target
    set category_primary = effective.primary_code, category_detailed = effective.detailed_code
    from (
      select t.id,
        case when t.user_category_primary is not null then t.user_category_primary
          when rule.id is not null then rule.category_primary
          else t.provider_category_primary end as primary_code,
        case when t.user_category_primary is not null then t.user_category_detailed
          when rule.id is not null then rule.category_detailed
          else t.provider_category_detailed end as detailed_code
      from ledger_transaction t
      left join lateral (
        select r.id, r.category_primary, r.category_detailed
        from category_rule r
        where r.user_id = t.user_id and ${matchCondition(sql`r.match`, sql`r.pattern`)}
        order by r.created_at desc, r.id desc
        limit 1
      ) rule on true
      where ${sql.join(conditions, sql` and `)}
    ) effective
    where target.id = effective.id
      and (target.category_primary is distinct from effective.primary_code
        or target.category_detailed is distinct from effective.detailed_code)`);
}
