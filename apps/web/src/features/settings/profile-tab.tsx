import { identityMessages } from '@penny/contracts';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { KeyRound, SlidersHorizontal } from 'lucide-react';
import { passwordResetRedirectURL, useSession } from '../../session/index.ts';
import { Button, toast } from '../../ui/index.ts';
import { usePreferencesWizard, useProfile } from '../preferences/index.ts';
import type { SettingsBusy } from './settings-busy.ts';

const { notProvided, notAvailable } = identityMessages.settings;
const toasts = identityMessages.toasts;

function filled(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** A stored `YYYY-MM-DD` as a date in the reader's language (no time zone shift). */
export function formatDateOfBirth(value: string): string {
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

export type ProfileTabProps = { busy: SettingsBusy; setBusy: (busy: SettingsBusy) => void };

/** '+15551234567' as '+1 555 123 4567' (libphonenumber-js); anything it cannot read stays as stored. */
export function formatPhoneNumber(phone: string | null | undefined): string | null {
  if (!phone) return null;
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
}

export function ProfileTab({ busy, setBusy }: ProfileTabProps) {
  const { user, loadAuthClient } = useSession();
  const { info } = useProfile();
  const { openWizard } = usePreferencesWizard();

  const firstName = filled(info?.firstName) ?? filled(user?.firstName);
  const lastName = filled(info?.lastName) ?? filled(user?.lastName);
  const name = [firstName, lastName].filter(Boolean).join(' ') || notAvailable;
  const email = filled(info?.email) ?? filled(user?.email);
  const phone = formatPhoneNumber(filled(info?.phoneNumber) ?? filled(user?.phoneNumber));
  const dateOfBirth = filled(info?.dateOfBirth) ?? filled(user?.dateOfBirth);
  const country = filled(info?.country) ?? filled(user?.country);

  const rows: ReadonlyArray<[string, string]> = [
    ['Name', name],
    ['Email', email ?? notProvided],
    ['Phone number', phone ?? notProvided],
    ['Date of birth', dateOfBirth ? formatDateOfBirth(dateOfBirth) : notProvided],
    ['Country', country ?? notProvided],
  ];

  async function changePassword() {
    if (!email) {
      toast.error(toasts.noEmail.title, { description: toasts.noEmail.description });
      return;
    }
    setBusy('reset');
    try {
      const { error } = await (await loadAuthClient()).requestPasswordReset({
        email,
        redirectTo: passwordResetRedirectURL(),
      });
      if (error) {
        toast.error(toasts.resetFailed.title, {
          description: error.message || toasts.resetFailed.description,
        });
      } else {
        toast.success('Password Reset Email Sent', {
          description: 'Check your email for a link to choose a new password.',
        });
      }
    } catch (error) {
      toast.error(toasts.resetFailed.title, {
        description: error instanceof Error && error.message ? error.message : toasts.resetFailed.description,
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <dl className="divide-y divide-border rounded-xl border border-border bg-surface">
        {rows.map(([label, value]) => (
          <div
            key={label}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3"
          >
            <dt className="text-sm text-text-muted">{label}</dt>
            <dd
              className={
                value === notProvided || value === notAvailable
                  ? 'text-sm text-text-muted italic'
                  : 'text-sm font-medium text-text'
              }
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => void changePassword()}
          disabled={busy !== null}
          loading={busy === 'reset'}
          busyLabel="Sending..."
        >
          <KeyRound aria-hidden="true" />
          Change Password
        </Button>
        <Button variant="secondary" onClick={() => openWizard()} disabled={busy !== null}>
          <SlidersHorizontal aria-hidden="true" />
          Manage Preferences
        </Button>
      </div>
    </div>
  );
}
