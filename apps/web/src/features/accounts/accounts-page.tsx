import { type AccountCredential, accountMessages, type LinkedAccount } from '@penny/contracts';
import { AlertCircle, BarChart3, Plus, RefreshCw, ShieldCheck, Zap } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button, Card, PageHeader, Skeleton, toast } from '../../ui/index.ts';
import { AccountSummary, PLATFORM_SECTIONS } from './account-summary.tsx';
import { ConnectionCard } from './connection-card.tsx';
import { countLinkedAccounts } from './format.ts';
import { useAccountsUser, useCredentials, useDisconnectAccount, useRefreshAccounts } from './queries.ts';

// The popups load when first opened: nothing of them is needed to show the page.
const LinkAccountsDialog = lazy(() =>
  import('./link-accounts-dialog.tsx').then((m) => ({ default: m.LinkAccountsDialog })),
);
const RelinkBankDialog = lazy(() =>
  import('./bank/relink-bank-dialog.tsx').then((m) => ({ default: m.RelinkBankDialog })),
);
const TransactionsDialog = lazy(() =>
  import('./transactions-dialog.tsx').then((m) => ({ default: m.TransactionsDialog })),
);

/**
 * /Accounts (docs/product/chat.md, "Linked accounts page"): the user's connections by platform with balances
 * and sync state, an Account Summary, refresh, Add More (once something is linked) and the Link Accounts
 * popup. The header counts the accounts listed, not the connections (decision 0019).
 */
export function AccountsPage() {
  const user = useAccountsUser();
  const credentials = useCredentials(user);
  const refresh = useRefreshAccounts(user);
  const disconnect = useDisconnectAccount(user);
  const [linkOpen, setLinkOpen] = useState(false);
  const [relinkOf, setRelinkOf] = useState<AccountCredential | null>(null);
  const [errorDismissed, setErrorDismissed] = useState(false);
  const [transactionsOf, setTransactionsOf] = useState<{
    credential: AccountCredential;
    account: LinkedAccount;
  } | null>(null);
  const [disconnecting, setDisconnecting] = useState<ReadonlySet<string>>(() => new Set());

  const list = Object.values(credentials.data ?? {});

  async function onRefresh() {
    try {
      await refresh.mutateAsync();
    } catch {
      toast.error(accountMessages.refreshFailed);
    }
  }

  async function onDisconnect(credential: AccountCredential) {
    setDisconnecting((names) => new Set(names).add(credential.account_name));
    try {
      await disconnect.mutateAsync(credential);
      toast.success(`Disconnected ${credential.institution_name ?? credential.account_name}`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : accountMessages.disconnectFailedPrefix);
    } finally {
      setDisconnecting((names) => {
        const next = new Set(names);
        next.delete(credential.account_name);
        return next;
      });
    }
  }

  const header = (
    <PageHeader
      title="Accounts"
      description={
        credentials.isSuccess ? (
          <span aria-live="polite">{accountMessages.connectedCount(countLinkedAccounts(list))}</span>
        ) : null
      }
      actions={
        <>
          <Button
            variant="secondary"
            size="icon"
            aria-label="Refresh accounts"
            onClick={() => void onRefresh()}
            disabled={refresh.isPending || credentials.isPending}
          >
            <RefreshCw
              aria-hidden="true"
              className={
                refresh.isPending || credentials.isRefetching ? 'animate-spin motion-reduce:animate-none' : ''
              }
            />
          </Button>
          {/* With nothing linked the first link is the empty state's Connect Account: 'Add More' would
              speak of more than nothing. */}
          {list.length > 0 ? (
            <Button onClick={() => setLinkOpen(true)}>
              <Plus aria-hidden="true" />
              {accountMessages.addMore}
            </Button>
          ) : null}
        </>
      }
    />
  );

  let body: React.ReactNode;
  if (credentials.isPending) {
    body = <PageSkeleton />;
  } else if (credentials.isError) {
    body = errorDismissed ? null : (
      <div role="alert" className="flex flex-col gap-3 rounded-xl border border-negative/50 bg-surface p-5">
        <h2 className="flex items-center gap-2 text-base font-semibold text-negative">
          <AlertCircle aria-hidden="true" className="size-5" />
          {accountMessages.loadFailedTitle}
        </h2>
        <p className="text-sm text-text-muted">{credentials.error.message}</p>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            onClick={() => {
              setErrorDismissed(false);
              void credentials.refetch();
            }}
          >
            {accountMessages.retry}
          </Button>
          <Button variant="ghost" onClick={() => setErrorDismissed(true)}>
            {accountMessages.dismiss}
          </Button>
        </div>
      </div>
    );
  } else if (list.length === 0) {
    body = <GetStarted onConnect={() => setLinkOpen(true)} />;
  } else {
    body = (
      <div className="flex flex-col gap-6 xl:flex-row xl:items-start">
        <div className="flex min-w-0 flex-1 flex-col gap-8">
          {PLATFORM_SECTIONS.map(({ platform, title }) => {
            const inSection = list.filter((credential) => credential.account_type === platform);
            const headingId = `accounts-section-${platform}`;
            return (
              <section key={platform} aria-labelledby={headingId} className="flex flex-col gap-3">
                <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold">
                  {title}
                  <span className="rounded-full bg-surface-raised px-2 py-0.5 text-xs font-medium text-text-muted">
                    <span className="sr-only">: </span>
                    {inSection.length}
                  </span>
                </h2>
                {inSection.length === 0 ? (
                  <p className="text-sm text-text-muted">None linked yet.</p>
                ) : (
                  <div className="grid gap-4 md:grid-cols-2">
                    {inSection.map((credential) => (
                      <ConnectionCard
                        key={credential.account_name}
                        credential={credential}
                        disconnecting={disconnecting.has(credential.account_name)}
                        onDisconnect={(target) => void onDisconnect(target)}
                        onShowTransactions={(target, account) =>
                          setTransactionsOf({ credential: target, account })
                        }
                        onRelink={setRelinkOf}
                      />
                    ))}
                  </div>
                )}
              </section>
            );
          })}
        </div>
        <div className="xl:sticky xl:top-0 xl:w-80">
          <AccountSummary credentials={list} />
        </div>
      </div>
    );
  }

  return (
    <div className="flex min-h-full flex-col gap-6 px-4 py-6 sm:px-8">
      {header}
      {body}
      <Suspense fallback={null}>
        {linkOpen ? <LinkAccountsDialog open={linkOpen} onOpenChange={setLinkOpen} user={user} /> : null}
        {relinkOf ? (
          <RelinkBankDialog credential={relinkOf} user={user} onClose={() => setRelinkOf(null)} />
        ) : null}
        {transactionsOf ? (
          <TransactionsDialog
            user={user}
            credential={transactionsOf.credential}
            account={transactionsOf.account}
            onClose={() => setTransactionsOf(null)}
          />
        ) : null}
      </Suspense>
    </div>
  );
}

function PageSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-4 md:grid-cols-2">
      <span className="sr-only">Loading accounts...</span>
      {[0, 1, 2, 3].map((card) => (
        <div key={card} className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
    </div>
  );
}

const FEATURES = [
  {
    icon: BarChart3,
    title: accountMessages.featureAnalytics,
    text: 'See spending, cash flow and net worth in one place.',
  },
  { icon: Zap, title: accountMessages.featureRealtime, text: 'Balances and transactions stay in sync.' },
  {
    icon: ShieldCheck,
    title: accountMessages.featureSecure,
    text: 'Read-only access. Keys never leave your browser.',
  },
] as const;

function GetStarted({ onConnect }: { onConnect: () => void }) {
  return (
    <Card className="flex flex-col items-center gap-6 px-6 py-10 text-center">
      <h2 className="text-lg font-semibold">{accountMessages.emptyTitle}</h2>
      <ul className="grid w-full max-w-3xl gap-4 sm:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex flex-col items-center gap-2 rounded-lg border border-border p-4">
            <Icon aria-hidden="true" className="size-6 text-accent" strokeWidth={1.75} />
            <span className="text-sm font-medium">{title}</span>
            <span className="text-xs text-text-muted">{text}</span>
          </li>
        ))}
      </ul>
      <Button size="lg" onClick={onConnect}>
        <Plus aria-hidden="true" />
        {accountMessages.connectAccount}
      </Button>
    </Card>
  );
}
