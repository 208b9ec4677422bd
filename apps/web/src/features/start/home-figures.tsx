import type { HomeSummary } from '@penny/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  CalendarClock,
  MessageCircleQuestion,
  ShoppingBag,
  TrendingDown,
  TrendingUp,
  Wallet,
} from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { type AccountUserInfo, fetchHomeSummary, homeKeys } from '../../api/index.ts';
import { Button, Card, cx, Skeleton } from '../../ui/index.ts';
import { dayRange, formatUsd, formatUsdMagnitude, longDay, shortDay, signOf } from './figures-format.ts';

const NetWorthTrend = lazy(() => import('./net-worth-trend.tsx').then((m) => ({ default: m.NetWorthTrend })));

/** The user's figures (GET /db/home-summary). */
export function useHomeSummary(user: AccountUserInfo) {
  return useQuery({
    queryKey: homeKeys.summary(user),
    queryFn: ({ signal }) => fetchHomeSummary(user, signal),
    retry: false,
  });
}

function FigureCard({
  icon: Icon,
  title,
  children,
  className,
}: {
  icon: typeof Wallet;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cx('flex min-w-0 flex-col gap-3', className)}>
      <h3 className="flex items-center gap-2 text-sm font-medium text-text-muted">
        <Icon aria-hidden="true" className="size-4 text-accent" strokeWidth={1.75} />
        {title}
      </h3>
      {children}
    </Card>
  );
}

/** '+$120.00 since June 30' in the colour of money in or out. */
function Change({ amount, children }: { amount: string; children: ReactNode }) {
  const sign = signOf(amount);
  const Icon = sign < 0 ? TrendingDown : TrendingUp;
  return (
    <p className="flex items-center gap-1.5 text-sm text-text-muted">
      {sign === 0 ? null : (
        <Icon
          aria-hidden="true"
          className={cx('size-4', sign > 0 ? 'text-positive' : 'text-negative')}
          strokeWidth={1.75}
        />
      )}
      <span>{children}</span>
    </p>
  );
}

function NetWorthCard({ netWorth }: { netWorth: HomeSummary['net_worth'] }) {
  const change = netWorth.change;
  return (
    <FigureCard icon={Wallet} title="Net worth" className="sm:col-span-2 lg:col-span-1">
      <p className="amount text-3xl font-semibold tracking-tight text-text">{formatUsd(netWorth.net)}</p>
      {change ? (
        <Change amount={change.amount}>
          <span className="amount">
            {signOf(change.amount) < 0 ? 'Down' : 'Up'} {formatUsdMagnitude(change.amount)}
          </span>{' '}
          since {longDay(change.since)}
        </Change>
      ) : null}
      <Suspense fallback={<Skeleton className="h-16 w-full" />}>
        <NetWorthTrend trend={netWorth.trend} />
      </Suspense>
      <p className="text-xs text-text-muted">
        <span className="amount">{formatUsd(netWorth.assets)}</span> in assets,{' '}
        <span className="amount">{formatUsd(netWorth.liabilities)}</span> owed
        {netWorth.unpriced_accounts > 0
          ? ` · ${netWorth.unpriced_accounts} account${netWorth.unpriced_accounts === 1 ? '' : 's'} without a value`
          : null}
      </p>
    </FigureCard>
  );
}

function SpendingCard({ spending }: { spending: HomeSummary['spending'] }) {
  const sign = signOf(spending.change);
  const than = `than ${dayRange(spending.last_month.start, spending.last_month.end)}`;
  return (
    <FigureCard icon={ShoppingBag} title="Spending this month">
      <p className="amount text-3xl font-semibold tracking-tight text-text">
        {formatUsd(spending.this_month.total)}
      </p>
      <p className="text-sm text-text-muted">
        {dayRange(spending.this_month.start, spending.this_month.end)} ·{' '}
        <span className="amount">{spending.this_month.transactions}</span> purchases
      </p>
      <p className="text-sm text-text-muted">
        {sign === 0 ? (
          <>The same as {dayRange(spending.last_month.start, spending.last_month.end)}</>
        ) : (
          <>
            <span className={cx('amount font-medium', sign > 0 ? 'text-negative' : 'text-positive')}>
              {formatUsdMagnitude(spending.change)} {sign > 0 ? 'more' : 'less'}
            </span>{' '}
            {than} (<span className="amount">{formatUsd(spending.last_month.total)}</span>)
          </>
        )}
      </p>
    </FigureCard>
  );
}

function UpcomingCard({ upcoming, today }: { upcoming: HomeSummary['upcoming']; today: string }) {
  return (
    <FigureCard icon={CalendarClock} title="Upcoming payments">
      {upcoming.payments.length === 0 ? (
        <p className="text-sm text-text-muted">
          No recurring payments expected by {shortDay(upcoming.period.end)}.
        </p>
      ) : (
        <>
          <ul className="flex flex-col gap-2">
            {upcoming.payments.map((payment) => (
              <li key={`${payment.merchant}-${payment.date}`} className="flex items-baseline gap-3 text-sm">
                <span className="min-w-0 flex-1 truncate text-text" title={payment.merchant}>
                  {payment.merchant}
                </span>
                <span className="shrink-0 text-text-muted">
                  {payment.date < today ? `Due ${shortDay(payment.date)}` : shortDay(payment.date)}
                </span>
                <span className="amount w-20 shrink-0 text-right text-text">{formatUsd(payment.amount)}</span>
              </li>
            ))}
          </ul>
          <p className="text-xs text-text-muted">
            <span className="amount">{formatUsd(upcoming.total)}</span> in the next{' '}
            {dayRange(upcoming.period.start, upcoming.period.end)}
            {upcoming.count > upcoming.payments.length
              ? ` · ${upcoming.count - upcoming.payments.length} more`
              : null}
          </p>
        </>
      )}
    </FigureCard>
  );
}

function FiguresSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <span className="sr-only">Loading your figures</span>
      {[0, 1, 2].map((key) => (
        <Card key={key} className="flex flex-col gap-3">
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-12 w-full" />
        </Card>
      ))}
    </div>
  );
}

/**
 * Where the user stands, once accounts are linked: net worth and its trend, this month's spending
 * against last month's same days, upcoming recurring payments, and suggested questions that start a
 * chat. Nothing while no account is linked: the start screen stays as docs/product/identity.md describes.
 */
export function HomeFigures({ user, onAsk }: { user: AccountUserInfo; onAsk: (question: string) => void }) {
  const query = useHomeSummary(user);
  if (query.isPending) return <FiguresSkeleton />;
  if (query.isError) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm text-text-muted">
        <span>Your figures could not be loaded.</span>
        <Button variant="ghost" size="sm" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const summary = query.data.summary;
  if (!summary) return null;
  return (
    <>
      <section aria-labelledby="home-figures" className="flex flex-col gap-3">
        <h2 id="home-figures" className="text-lg font-semibold text-text">
          Where you stand
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <NetWorthCard netWorth={summary.net_worth} />
          <SpendingCard spending={summary.spending} />
          <UpcomingCard upcoming={summary.upcoming} today={summary.today} />
        </div>
      </section>
      {summary.suggestions.length > 0 ? (
        <section aria-labelledby="home-suggestions" className="flex flex-col gap-3">
          <h2 id="home-suggestions" className="text-lg font-semibold text-text">
            Ask Penny
          </h2>
          <ul className="grid gap-2 sm:grid-cols-2">
            {summary.suggestions.map((question) => (
              <li key={question}>
                <Button
                  variant="secondary"
                  className="h-auto w-full justify-start py-2.5 text-left whitespace-normal"
                  onClick={() => onAsk(question)}
                >
                  <MessageCircleQuestion aria-hidden="true" />
                  {question}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
