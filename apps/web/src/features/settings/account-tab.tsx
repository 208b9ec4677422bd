import { identityMessages } from '@penny/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { deleteUserAccount, deleteUserData } from '../../api/index.ts';
import { clearUserData, deriveUserInfo, useSession } from '../../session/index.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogFooter,
  Button,
  SegmentedControl,
  type ThemeChoice,
  toast,
  useTheme,
} from '../../ui/index.ts';
import type { SettingsBusy } from './settings-busy.ts';

const toasts = identityMessages.toasts;

export type AccountTabProps = { busy: SettingsBusy; setBusy: (busy: SettingsBusy) => void };

/**
 * docs/product/identity.md, "Settings popup": the Light/Dark toggle, and System, which follows the device
 * (decision 0019).
 */
const APPEARANCE_OPTIONS = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
] as const satisfies ReadonlyArray<{ value: ThemeChoice; label: string }>;

type Confirming = 'delete-data' | 'delete-account' | 'delete-account-final' | null;

export function AccountTab({ busy, setBusy }: AccountTabProps) {
  const { user, signOut, endSession } = useSession();
  const { choice, setChoice } = useTheme();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<Confirming>(null);

  function identity() {
    if (!user) return null;
    const { username, firstName, lastName } = deriveUserInfo(user);
    return { username, firstName, lastName };
  }

  async function onSignOut() {
    setBusy('sign-out');
    const done = await signOut();
    // Signed out: the route guard takes the user to /signin and this popup goes away.
    if (!done) setBusy(null);
  }

  async function onDeleteData() {
    const who = identity();
    if (!who) return;
    setConfirming(null);
    setBusy('delete-data');
    try {
      const result = await deleteUserData(who);
      if (!result.success) throw new Error(result.error ?? 'Delete failed');
      clearUserData(queryClient);
      toast.success(toasts.dataDeleted.title, { description: toasts.dataDeleted.description });
    } catch {
      toast.error(toasts.deleteDataError.title, { description: toasts.deleteDataError.description });
    } finally {
      setBusy(null);
    }
  }

  async function onDeleteAccount() {
    const who = identity();
    if (!who) return;
    setConfirming(null);
    setBusy('delete-account');
    try {
      const result = await deleteUserAccount(who);
      if (!result.success) throw new Error(result.error ?? 'Delete failed');
      toast.success(toasts.accountDeleted.title, { description: toasts.accountDeleted.description });
      await endSession();
    } catch {
      toast.error(toasts.deleteAccountError.title, { description: toasts.deleteAccountError.description });
      setBusy(null);
    }
  }

  const disabled = busy !== null;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <SegmentedControl
          label="Appearance"
          options={APPEARANCE_OPTIONS}
          value={choice}
          onValueChange={setChoice}
        />
        {choice === 'system' ? (
          <p className="text-xs text-text-muted">Follows your device: light or dark as it changes.</p>
        ) : null}
      </div>

      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium text-text">Session</span>
        <div>
          <Button
            variant="secondary"
            onClick={() => void onSignOut()}
            disabled={disabled}
            loading={busy === 'sign-out'}
            busyLabel="Signing out..."
          >
            <LogOut aria-hidden="true" />
            Sign Out
          </Button>
        </div>
      </div>

      <section
        aria-labelledby="danger-zone-title"
        className="flex flex-col gap-3 rounded-xl border border-negative/50 p-4"
      >
        <h2 id="danger-zone-title" className="text-base font-semibold text-negative">
          Danger Zone
        </h2>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="max-w-xs text-sm text-text-muted">
            Delete your conversations, saved resources and linked accounts. Your profile stays.
          </p>
          <Button
            variant="destructive"
            onClick={() => setConfirming('delete-data')}
            disabled={disabled}
            loading={busy === 'delete-data'}
            busyLabel="Deleting..."
          >
            Delete Data
          </Button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="max-w-xs text-sm text-text-muted">
            Delete your account and everything in it, for good.
          </p>
          <Button
            variant="destructive"
            onClick={() => setConfirming('delete-account')}
            disabled={disabled}
            loading={busy === 'delete-account'}
            busyLabel="Deleting..."
          >
            Delete Account
          </Button>
        </div>
      </section>

      <AlertDialog
        open={confirming === 'delete-data'}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
      >
        <AlertDialogContent
          title="Delete all your data?"
          description={
            <>
              <p>This permanently removes:</p>
              <ul className="list-disc pl-5">
                <li>your conversations and messages</li>
                <li>your saved resources</li>
                <li>your linked accounts (Plaid, SnapTrade, Web3) and their credentials</li>
              </ul>
              <p>Your profile and preferences remain.</p>
            </>
          }
        >
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction destructive onClick={() => void onDeleteData()}>
              Delete Data
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      <AlertDialog
        open={confirming === 'delete-account'}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
      >
        <AlertDialogContent
          title="Delete your account?"
          description={<p>Your account and all of its data will be deleted. You will be asked once more.</p>}
        >
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              destructive
              onClick={(event) => {
                event.preventDefault();
                setConfirming('delete-account-final');
              }}
            >
              Continue
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      <AlertDialog
        open={confirming === 'delete-account-final'}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
      >
        <AlertDialogContent
          title="This cannot be undone"
          description={
            <p>
              Final warning: your sign-in, your profile, your conversations, your saved resources and your
              linked bank, brokerage and crypto connections will be permanently deleted. Penny also asks the
              services you linked to forget you.
            </p>
          }
        >
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction destructive onClick={() => void onDeleteAccount()}>
              Delete Account
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
