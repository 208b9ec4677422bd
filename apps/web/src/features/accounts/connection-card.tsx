import {
  ACCOUNT_SUFFIX,
  type AccountCredential,
  accountMessages,
  CHAIN_LABELS,
  historyMessages,
  type LinkedAccount,
  noticeMessages,
} from '@penny/contracts';
import { AlertTriangle, Check, Copy, KeyRound, ListOrdered, Loader2, Unlink } from 'lucide-react';
import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogFooter,
  AlertDialogTrigger,
  Button,
  Card,
  cx,
} from '../../ui/index.ts';
import { formatDate, formatMoney, KIND_LABELS, maskedNumber, relativeTime, shortenId } from './format.ts';

/**
 * What a connection is called on its card: a wallet by the identifier its owner gave it, a bank or
 * brokerage by its institution; else the account name without its suffix.
 */
export function connectionTitle(credential: AccountCredential): string {
  if (credential.institution_name && credential.account_type !== 'web3') return credential.institution_name;
  const suffix = ACCOUNT_SUFFIX[credential.account_type];
  const name = credential.account_name.endsWith(suffix)
    ? credential.account_name.slice(0, -suffix.length)
    : credential.account_name;
  return name.replace(/_/g, ' ');
}

export function CopyableId({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const short = shortenId(value);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 1500);
    } catch {
      // No clipboard (insecure context): the full value is still in the title.
    }
  }
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm">
      <dt className="shrink-0 text-text-muted">{label}</dt>
      <dd className="flex min-w-0 items-center gap-1">
        <span className="truncate font-mono text-xs" title={value}>
          {short}
        </span>
        {short !== value || label === accountMessages.addressLabel ? (
          <button
            type="button"
            onClick={() => void copy()}
            aria-label={`Copy ${label.toLowerCase()} ${value}`}
            className="rounded p-1 text-text-muted hover:bg-surface hover:text-text"
          >
            {copied ? (
              <Check aria-hidden="true" className="size-3.5" />
            ) : (
              <Copy aria-hidden="true" className="size-3.5" />
            )}
          </button>
        ) : null}
        <span aria-live="polite" className="sr-only">
          {copied ? 'Copied to clipboard' : ''}
        </span>
      </dd>
    </div>
  );
}

function Busy({ children }: { children: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-text-muted">
      <Loader2 aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
      {children}
    </p>
  );
}

/**
 * The connection's sync state in words: syncing (a bank just linked: fetching its transactions, then
 * its first month in and the rest on its way), last synced, needs re-link, or failed.
 */
export function SyncStatus({ credential }: { credential: AccountCredential }) {
  switch (credential.status) {
    case 'syncing':
      return (
        <Busy>{credential.history === 'complete' ? 'Syncing…' : historyMessages[credential.history]}</Busy>
      );
    case 'login_required':
      return (
        <p className="flex items-center gap-2 text-sm text-warning">
          <AlertTriangle aria-hidden="true" className="size-4" />
          <span>Needs re-link. {credential.status_detail ?? accountMessages.providerLoginRequired}</span>
        </p>
      );
    case 'error':
      return (
        <p className="flex items-center gap-2 text-sm text-negative">
          <AlertTriangle aria-hidden="true" className="size-4" />
          <span>Sync failed{credential.status_detail ? `: ${credential.status_detail}` : ''}</span>
        </p>
      );
    case 'active':
      if (credential.history !== 'complete') return <Busy>{historyMessages[credential.history]}</Busy>;
      return (
        <p className="text-sm text-text-muted">
          {credential.last_synced_at
            ? `Last synced ${relativeTime(credential.last_synced_at)}`
            : 'Not synced yet'}
        </p>
      );
  }
}

/**
 * What the bank asked of its user, kept until they act (not by a sync): a login about to expire
 * (reconnect) and accounts not shared yet (add them), each with the update-mode re-link that settles
 * it. A login already required has its own Re-link button, which settles these too.
 */
function ProviderNotices({
  credential,
  title,
  onRelink,
}: {
  credential: AccountCredential;
  title: string;
  onRelink?: ((credential: AccountCredential) => void) | undefined;
}) {
  const notices = [
    credential.login_expires_at
      ? {
          text: noticeMessages.loginExpires(formatDate(credential.login_expires_at)),
          action: noticeMessages.reconnect,
        }
      : null,
    credential.new_accounts_available
      ? { text: noticeMessages.newAccounts, action: noticeMessages.addAccounts }
      : null,
  ].filter((notice) => notice !== null);
  if (notices.length === 0) return null;
  const act = onRelink && credential.account_type === 'plaid' && !canRelink(credential) ? onRelink : null;
  return (
    <ul className="flex flex-col gap-2">
      {notices.map((notice) => (
        <li key={notice.action} className="flex flex-wrap items-center gap-2 text-sm text-warning">
          <AlertTriangle aria-hidden="true" className="size-4" />
          <span>{notice.text}</span>
          {act ? (
            <Button
              variant="secondary"
              size="sm"
              aria-label={`${notice.action}: ${title}`}
              onClick={() => act(credential)}
            >
              {notice.action}
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

const fiatCodes: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));
function isFiat(code: string): boolean {
  return fiatCodes.has(code);
}

/** A balance as the account holds it, and in USD when that differs (wallets, foreign currencies). */
function Balance({ account }: { account: LinkedAccount }) {
  if (account.current === null) return <span className="text-sm text-text-muted">—</span>;
  const value = Number(account.current);
  // A coin amount (e.g. 0.5 ETH) is shown as such, priced in USD below; fiat balances as money.
  const main = isFiat(account.currency)
    ? formatMoney(account.current, account.currency)
    : `${Number(account.current).toLocaleString('en-US', { maximumFractionDigits: 8 })} ${account.currency}`;
  const showUsd = account.current_usd !== null && account.currency !== 'USD';
  return (
    <div className="flex shrink-0 flex-col items-end tabular-nums">
      <span className={cx('text-base font-semibold', value < 0 && 'text-negative')}>{main}</span>
      {showUsd && account.current_usd !== null ? (
        <span className="text-xs text-text-muted">{formatMoney(account.current_usd, 'USD')}</span>
      ) : null}
      {value < 0 ? <span className="sr-only">owed</span> : null}
    </div>
  );
}

export type ConnectionCardProps = {
  credential: AccountCredential;
  disconnecting: boolean;
  onDisconnect: (credential: AccountCredential) => void;
  onShowTransactions: (credential: AccountCredential, account: LinkedAccount) => void;
  /** Sign in to the bank again (a Plaid connection whose login expired). */
  onRelink?: (credential: AccountCredential) => void;
};

/** Plaid's update mode re-links a bank whose login expired; other platforms reconnect their own way. */
export function canRelink(credential: AccountCredential): boolean {
  return credential.account_type === 'plaid' && credential.status === 'login_required';
}

/**
 * One linked connection: its name (institution or wallet), a wallet's address, tag, sync state, its accounts
 * with type, masked number and balance, and a disconnect.
 */
export function ConnectionCard({
  credential,
  disconnecting,
  onDisconnect,
  onShowTransactions,
  onRelink,
}: ConnectionCardProps) {
  const title = connectionTitle(credential);
  // A wallet is known by its address. A bank's or brokerage's own ids (Plaid's item id, SnapTrade's
  // authorization id) mean nothing to its owner: its accounts show their masked numbers instead.
  const address = credential.account_type === 'web3' ? credential.account_id : null;
  return (
    <Card className="flex flex-col gap-3" aria-label={title} role="article">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className="truncate text-base font-semibold">{title}</h3>
          <div className="flex flex-wrap items-center gap-2">
            {credential.chain ? <Badge>{CHAIN_LABELS[credential.chain]}</Badge> : null}
            {credential.tag ? (
              <span className="text-xs text-text-muted">
                {accountMessages.tagLabel}: <span className="text-text">{credential.tag}</span>
              </span>
            ) : null}
          </div>
        </div>
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Disconnect ${title}`}
              loading={disconnecting}
              busyLabel="…"
            >
              <Unlink aria-hidden="true" />
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent
            title={`Disconnect ${title}?`}
            description="Its accounts, balances and transactions are removed from Penny. You can link it again later."
          >
            <AlertDialogFooter>
              <AlertDialogCancel>{accountMessages.cancel}</AlertDialogCancel>
              <AlertDialogAction destructive onClick={() => onDisconnect(credential)}>
                Disconnect
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </div>

      {address ? (
        <dl className="flex flex-col gap-1">
          <CopyableId label={accountMessages.addressLabel} value={address} />
        </dl>
      ) : null}

      <SyncStatus credential={credential} />
      <ProviderNotices credential={credential} title={title} onRelink={onRelink} />
      {onRelink && canRelink(credential) ? (
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          aria-label={`Re-link ${title}`}
          onClick={() => onRelink(credential)}
        >
          <KeyRound aria-hidden="true" />
          Re-link
        </Button>
      ) : null}

      {credential.accounts.length > 0 ? (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
          {credential.accounts.map((account) => (
            <li key={account.id} className="flex items-center justify-between gap-3 px-3 py-2">
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <span className="truncate text-sm font-medium">{account.name}</span>
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <Badge>{KIND_LABELS[account.kind]}</Badge>
                  <AccountNumber mask={account.mask} />
                  <button
                    type="button"
                    onClick={() => onShowTransactions(credential, account)}
                    className="inline-flex items-center gap-1 rounded text-xs font-medium text-accent hover:underline"
                    aria-label={`Transactions of ${account.name}`}
                  >
                    <ListOrdered aria-hidden="true" className="size-3.5" />
                    Transactions
                  </button>
                </div>
              </div>
              <Balance account={account} />
            </li>
          ))}
        </ul>
      ) : credential.status === 'syncing' ? null : (
        <p className="text-sm text-text-muted">No accounts yet.</p>
      )}
    </Card>
  );
}

/** docs/product/chat.md, "Linked accounts page": the card's id labelled Account ID, as its owner knows it. */
function AccountNumber({ mask }: { mask: string | null }) {
  const masked = maskedNumber(mask);
  if (!masked) return null;
  return (
    <dl className="flex items-center gap-1 text-xs">
      <dt className="text-text-muted">{accountMessages.accountIdLabel}</dt>
      <dd className="tabular-nums">{masked}</dd>
    </dl>
  );
}

export function Badge({ children }: { children: string }) {
  return (
    <span className="inline-flex items-center rounded-full border border-border-strong px-2 py-0.5 text-xs font-medium text-text">
      {children}
    </span>
  );
}
