import type { AccountCredential } from '@penny/contracts';
import { type AccountUserInfo, usePublicConfig } from '../../../api/index.ts';
import { Dialog, DialogContent, toast } from '../../../ui/index.ts';
import { connectionTitle } from '../connection-card.tsx';
import { useInvalidateAccounts } from '../queries.ts';
import { BankLinkFlow } from './bank-link-flow.tsx';

export type RelinkBankDialogProps = {
  credential: AccountCredential;
  user: AccountUserInfo;
  onClose: () => void;
};

/**
 * Re-link a bank whose login expired: the bank-link flow with an update-mode token for the same item,
 * so the connection keeps its name, accounts and transactions; the server syncs it again at once.
 */
export function RelinkBankDialog({ credential, user, onClose }: RelinkBankDialogProps) {
  const config = usePublicConfig();
  const refresh = useInvalidateAccounts();
  const providers = config.data?.features.providers ?? 'sandbox';
  const title = connectionTitle(credential);

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        title={`Re-link ${title}`}
        description="Sign in to your bank again. Its accounts and transactions stay in Penny."
        className="max-w-xl"
      >
        <BankLinkFlow
          user={user}
          providers={providers}
          relink={{ accountName: credential.account_name, institutionName: title }}
          onLinked={() => {
            onClose();
            toast.success(`${title} re-linked`);
            void refresh();
          }}
          onCancel={onClose}
        />
      </DialogContent>
    </Dialog>
  );
}
