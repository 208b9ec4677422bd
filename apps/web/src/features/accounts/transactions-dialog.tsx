import type { AccountCredential, LedgerTransaction, LinkedAccount } from '@penny/contracts';
import { ACCOUNT_LIMITS } from '@penny/contracts';
import { useEffect, useState } from 'react';
import type { AccountUserInfo } from '../../api/index.ts';
import { Button, cx, Dialog, DialogContent, Field, Input, Skeleton, Swatch } from '../../ui/index.ts';
import {
  formatDate,
  formatSignedMoney,
  isoDay,
  transactionCategory,
  transactionCategoryColor,
} from './format.ts';
import { useTransactions } from './queries.ts';
import { WindowedList } from './windowed-list.tsx';

/** The default period: the last 90 days. */
export const DEFAULT_RANGE_DAYS = 90;
export const SEARCH_DEBOUNCE_MS = 300;
const ROW_HEIGHT = 64;
const LIST_HEIGHT = 448;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export type TransactionsDialogProps = {
  user: AccountUserInfo;
  credential: AccountCredential;
  account: LinkedAccount;
  onClose: () => void;
};

/** One account's transactions: a date range, a search, and every row of it, newest first. */
export function TransactionsDialog({ user, credential, account, onClose }: TransactionsDialogProps) {
  const [end, setEnd] = useState(() => isoDay(new Date()));
  const [start, setStart] = useState(() => isoDay(new Date(Date.now() - DEFAULT_RANGE_DAYS * 86_400_000)));
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const validRange = Boolean(start && end && start <= end);
  const query = useTransactions(user, {
    platform: credential.account_type,
    accountName: credential.account_name,
    accountId: account.id,
    start: validRange ? start : end,
    end,
    search: debouncedSearch,
  });
  // Until a new search or range has answered, the rows on screen are the previous answer's: the list
  // says it is busy meanwhile (from the first key of a search, through its debounce and its request).
  const stale = search.trim() !== debouncedSearch || query.isPlaceholderData;

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent
        title={`${account.name} transactions`}
        description={credential.institution_name ?? undefined}
        className="max-w-3xl"
      >
        <div className="grid gap-3 sm:grid-cols-[1fr_1fr_2fr]">
          <Field label="From">
            {(control) => (
              <Input
                {...control}
                type="date"
                value={start}
                min={ACCOUNT_LIMITS.minDate}
                max={end}
                onChange={(event) => setStart(event.target.value)}
              />
            )}
          </Field>
          <Field label="To">
            {(control) => (
              <Input
                {...control}
                type="date"
                value={end}
                min={start}
                max={ACCOUNT_LIMITS.maxDate}
                onChange={(event) => setEnd(event.target.value)}
              />
            )}
          </Field>
          <Field label="Search transactions">
            {(control) => (
              <Input
                {...control}
                type="search"
                value={search}
                maxLength={ACCOUNT_LIMITS.searchMax}
                placeholder="Name, merchant or category"
                onChange={(event) => setSearch(event.target.value)}
              />
            )}
          </Field>
        </div>

        {query.isPending ? (
          <div aria-busy="true" className="flex flex-col gap-2">
            <span className="sr-only">Loading transactions...</span>
            {[0, 1, 2, 3, 4].map((row) => (
              <Skeleton key={row} className="h-12 w-full" />
            ))}
          </div>
        ) : query.isError ? (
          <div role="alert" className="flex flex-col items-start gap-2 text-sm text-negative">
            <p>Transactions could not be loaded: {query.error.message}</p>
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
              Retry
            </Button>
          </div>
        ) : query.transactions.length === 0 ? (
          <p className="py-8 text-center text-sm text-text-muted">No transactions in this period.</p>
        ) : (
          <div className="flex flex-col gap-2">
            <p aria-live="polite" className="text-xs text-text-muted">
              {query.transactions.length} transaction{query.transactions.length === 1 ? '' : 's'}
              {query.hasNextPage ? ' loaded, more available' : ''}
            </p>
            <WindowedList
              items={query.transactions}
              rowHeight={ROW_HEIGHT}
              height={LIST_HEIGHT}
              itemKey={(transaction) => transaction.id}
              label="Transactions"
              busy={stale}
              {...(query.hasNextPage ? { totalCount: -1 } : {})}
              onEndReached={() => {
                if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
              }}
              renderRow={(transaction) => <TransactionRow transaction={transaction} />}
            />
            {query.hasNextPage ? (
              <Button
                variant="secondary"
                className="self-center"
                loading={query.isFetchingNextPage}
                busyLabel="Loading..."
                onClick={() => void query.fetchNextPage()}
              >
                Load more
              </Button>
            ) : null}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function TransactionRow({ transaction }: { transaction: LedgerTransaction }) {
  const amount = Number(transaction.amount);
  const swatch = transactionCategoryColor(transaction);
  return (
    <div className="flex h-full items-center gap-3 border-b border-border px-2">
      <span className="w-24 shrink-0 text-xs text-text-muted tabular-nums">
        {formatDate(transaction.date, new Date())}
      </span>
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="flex items-center gap-2 truncate text-sm font-medium">
          <span className="truncate">{transaction.merchant ?? transaction.name}</span>
          {transaction.pending ? (
            <span className="shrink-0 rounded-full border border-warning px-1.5 text-[11px] font-medium text-warning">
              Pending
            </span>
          ) : null}
        </span>
        <span className="truncate text-xs text-text-muted">
          {swatch ? <Swatch color={swatch} className="mr-1.5 align-baseline" /> : null}
          {transactionCategory(transaction)}
          {transaction.merchant && transaction.merchant !== transaction.name ? ` · ${transaction.name}` : ''}
        </span>
      </div>
      <span
        className={cx(
          'shrink-0 text-right text-sm font-semibold tabular-nums',
          amount > 0 ? 'text-positive' : amount < 0 ? 'text-negative' : 'text-text',
        )}
      >
        {formatSignedMoney(transaction.amount, transaction.currency)}
        <span className="sr-only">{amount > 0 ? ' money in' : amount < 0 ? ' money out' : ''}</span>
      </span>
    </div>
  );
}
