import {
  ACCOUNT_KINDS,
  type AccountCredential,
  type AccountKind,
  type AccountPlatform,
  accountMessages,
} from '@penny/contracts';
import { Card, CardTitle, cx } from '../../ui/index.ts';
import { formatMoney, KIND_LABELS, usdValue } from './format.ts';

export const PLATFORM_SECTIONS = [
  { platform: 'plaid', title: accountMessages.sectionBanks },
  { platform: 'snaptrade', title: accountMessages.sectionBrokerages },
  { platform: 'web3', title: accountMessages.sectionWallets },
] as const satisfies ReadonlyArray<{ platform: AccountPlatform; title: string }>;

export type KindTotal = { kind: AccountKind; count: number; totalUsd: number; unpriced: number };

/** Accounts per kind with their USD totals; accounts without a USD value are counted, not summed. */
export function summarize(credentials: readonly AccountCredential[]) {
  const byKind = new Map<AccountKind, KindTotal>();
  let netWorth = 0;
  for (const credential of credentials) {
    for (const account of credential.accounts) {
      const entry = byKind.get(account.kind) ?? { kind: account.kind, count: 0, totalUsd: 0, unpriced: 0 };
      entry.count += 1;
      const usd = usdValue(account);
      if (usd === null) entry.unpriced += 1;
      else {
        entry.totalUsd += usd;
        netWorth += usd;
      }
      byKind.set(account.kind, entry);
    }
  }
  const kinds = ACCOUNT_KINDS.flatMap((kind) => {
    const entry = byKind.get(kind);
    return entry ? [entry] : [];
  });
  return { kinds, netWorth };
}

/** The Account Summary card: connections per platform, accounts per kind with totals, and net worth. */
export function AccountSummary({ credentials }: { credentials: readonly AccountCredential[] }) {
  const { kinds, netWorth } = summarize(credentials);
  return (
    <Card aria-labelledby="account-summary-title" role="region" className="flex flex-col gap-4">
      <CardTitle id="account-summary-title">{accountMessages.summaryTitle}</CardTitle>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
        {PLATFORM_SECTIONS.map(({ platform, title }) => (
          <div key={platform} className="contents">
            <dt className="text-text-muted">{title}</dt>
            <dd className="text-right tabular-nums">
              {credentials.filter((credential) => credential.account_type === platform).length}
            </dd>
          </div>
        ))}
      </dl>
      {kinds.length > 0 ? (
        <table className="w-full text-sm">
          <caption className="sr-only">Accounts by type</caption>
          <thead>
            <tr className="text-left text-xs text-text-muted">
              <th scope="col" className="pb-1 font-medium">
                Type
              </th>
              <th scope="col" className="pb-1 text-right font-medium">
                Accounts
              </th>
              <th scope="col" className="pb-1 text-right font-medium">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {kinds.map((entry) => (
              <tr key={entry.kind} className="border-t border-border">
                <th scope="row" className="py-1.5 text-left font-normal">
                  {KIND_LABELS[entry.kind]}
                </th>
                <td className="py-1.5 text-right tabular-nums">{entry.count}</td>
                <td className={cx('py-1.5 text-right tabular-nums', entry.totalUsd < 0 && 'text-negative')}>
                  {formatMoney(entry.totalUsd)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t border-border-strong font-semibold">
              <th scope="row" colSpan={2} className="py-2 text-left">
                Net worth
              </th>
              <td className={cx('py-2 text-right tabular-nums', netWorth < 0 && 'text-negative')}>
                {formatMoney(netWorth)}
              </td>
            </tr>
          </tfoot>
        </table>
      ) : null}
    </Card>
  );
}
