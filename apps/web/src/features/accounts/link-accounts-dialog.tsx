import { accountMessages } from '@penny/contracts';
import { ChevronRight, Landmark, LineChart, Wallet } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { type AccountUserInfo, usePublicConfig } from '../../api/index.ts';
import { Dialog, DialogContent, toast } from '../../ui/index.ts';
import { BankLinkFlow } from './bank/bank-link-flow.tsx';
import { BrokerageLinkFlow } from './brokerage/brokerage-link-flow.tsx';
import { useInvalidateAccounts } from './queries.ts';

// The wallet form brings the chains' key libraries: loaded when Web3 is chosen.
const Web3Form = lazy(() => import('./web3-form.tsx').then((m) => ({ default: m.Web3Form })));

type View = 'choose' | 'web3' | 'bank' | 'brokerage';

const TITLES: Record<View, string> = {
  choose: 'Link Accounts',
  web3: accountMessages.web3FormTitle,
  bank: `Link ${accountMessages.optionBanks}`,
  brokerage: `Link ${accountMessages.optionBrokerages}`,
};

const OPTIONS = [
  {
    view: 'web3',
    label: accountMessages.optionWeb3,
    hint: 'Solana, Ethereum and Bitcoin wallets, by address.',
    icon: Wallet,
  },
  {
    view: 'bank',
    label: accountMessages.optionBanks,
    hint: 'Checking, savings, credit cards and loans.',
    icon: Landmark,
  },
  {
    view: 'brokerage',
    label: accountMessages.optionBrokerages,
    hint: 'Investment and retirement accounts.',
    icon: LineChart,
  },
] as const satisfies ReadonlyArray<{ view: View; label: string; hint: string; icon: typeof Wallet }>;

export type LinkAccountsDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: AccountUserInfo;
};

/**
 * The Link Accounts popup (docs/product/chat.md, "Link Accounts popup"): Web3, Financial Institutions,
 * Brokerage and Investments. After a successful link the popup closes and the page reads its accounts again.
 */
export function LinkAccountsDialog({ open, onOpenChange, user }: LinkAccountsDialogProps) {
  const [view, setView] = useState<View>('choose');
  const config = usePublicConfig();
  const refresh = useInvalidateAccounts();
  const providers = config.data?.features.providers ?? 'sandbox';

  function linked(message: string) {
    onOpenChange(false);
    toast.success(message);
    void refresh();
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={TITLES[view]} className="max-w-xl">
        {view === 'choose' ? (
          <ul aria-label="Account types" className="flex flex-col gap-2">
            {OPTIONS.map(({ view: target, label, hint, icon: Icon }) => (
              <li key={target}>
                <button
                  type="button"
                  onClick={() => setView(target)}
                  className="flex w-full items-center gap-4 rounded-xl border border-border bg-surface px-4 py-4 text-left hover:border-border-strong"
                >
                  <span className="flex size-10 items-center justify-center rounded-full bg-surface-raised text-accent">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="text-sm font-semibold">{label}</span>
                    <span className="text-xs text-text-muted">{hint}</span>
                  </span>
                  <ChevronRight aria-hidden="true" className="size-4 text-text-muted" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {view === 'web3' ? (
          <Suspense fallback={<p className="py-6 text-sm text-text-muted">Loading...</p>}>
            <Web3Form
              user={user}
              onBack={() => setView('choose')}
              onSaved={() => {
                onOpenChange(false);
                void refresh();
              }}
            />
          </Suspense>
        ) : null}
        {view === 'bank' ? (
          <BankLinkFlow
            user={user}
            providers={providers}
            onLinked={(institution) => linked(`${institution} linked`)}
            onCancel={() => setView('choose')}
          />
        ) : null}
        {view === 'brokerage' ? (
          <BrokerageLinkFlow
            user={user}
            onLinked={() => linked('Brokerage linked')}
            onCancel={() => setView('choose')}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
