import { ArrowLeft, Building2, ChevronRight, Landmark, Lock } from 'lucide-react';
import type { FormEvent } from 'react';
import { Button, Field, Input, Skeleton } from '../../../ui/index.ts';
import { maskedNumber } from '../format.ts';
import type { Institution, LinkSuccess } from './sandbox-link-api.ts';

export type InstitutionPickerProps = {
  /** Null while the list loads. */
  institutions: Institution[] | null;
  filter: string;
  onFilterChange: (filter: string) => void;
  listId: string;
  onPick: (institution: Institution) => void;
};

/** The first step: search and pick an institution. */
export function InstitutionPicker({
  institutions,
  filter,
  onFilterChange,
  listId,
  onPick,
}: InstitutionPickerProps) {
  const shown = (institutions ?? []).filter((institution) =>
    institution.name.toLowerCase().includes(filter.trim().toLowerCase()),
  );
  return (
    <div className="flex flex-col gap-3">
      <Field label="Search institutions">
        {(control) => (
          <Input
            {...control}
            type="search"
            value={filter}
            aria-controls={listId}
            onChange={(event) => onFilterChange(event.target.value)}
          />
        )}
      </Field>
      {institutions === null ? (
        <div aria-busy="true" className="flex flex-col gap-2">
          <span className="sr-only">Loading institutions...</span>
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : (
        <ul id={listId} aria-label="Institutions" className="flex max-h-80 flex-col gap-1 overflow-y-auto">
          {shown.map((institution) => (
            <li key={institution.institution_id}>
              <button
                type="button"
                onClick={() => onPick(institution)}
                className="flex w-full items-center gap-3 rounded-lg border border-border px-3 py-3 text-left text-sm font-medium hover:bg-surface"
              >
                <Landmark aria-hidden="true" className="size-5 text-accent" />
                <span className="flex-1">{institution.name}</span>
                <ChevronRight aria-hidden="true" className="size-4 text-text-muted" />
              </button>
            </li>
          ))}
          {shown.length === 0 ? <li className="px-3 py-2 text-sm text-text-muted">No matches.</li> : null}
        </ul>
      )}
    </div>
  );
}

export type CredentialsFormProps = {
  username: string;
  password: string;
  onUsernameChange: (username: string) => void;
  onPasswordChange: (password: string) => void;
  /** The institution's own words for a failed sign-in, if the last one failed. */
  problem: string | null;
  signingIn: boolean;
  /** Absent for a re-link, which opens on its institution: there is no picker to go back to. */
  onBack: (() => void) | undefined;
  onSubmit: (event: FormEvent) => void;
};

/** The second step: sign in to the institution (the sandbox takes user_good / pass_good). */
export function CredentialsForm({
  username,
  password,
  onUsernameChange,
  onPasswordChange,
  problem,
  signingIn,
  onBack,
  onSubmit,
}: CredentialsFormProps) {
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <p className="flex items-center gap-2 text-sm text-text-muted">
        <Building2 aria-hidden="true" className="size-4" />
        Test credentials: user_good / pass_good
      </p>
      {problem ? (
        <p role="alert" className="rounded-lg border border-negative/50 p-3 text-sm text-negative">
          {problem}
        </p>
      ) : null}
      <Field label="Username">
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            value={username}
            onChange={(event) => onUsernameChange(event.target.value)}
          />
        )}
      </Field>
      <Field label="Password">
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="off"
            value={password}
            onChange={(event) => onPasswordChange(event.target.value)}
          />
        )}
      </Field>
      <div className="flex justify-between gap-2 pt-2">
        {onBack ? (
          <Button variant="ghost" onClick={onBack}>
            <ArrowLeft aria-hidden="true" />
            Back
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" loading={signingIn} busyLabel="Signing in...">
          <Lock aria-hidden="true" />
          Submit
        </Button>
      </div>
    </form>
  );
}

export type SharedAccountsProps = {
  institution: Institution;
  result: LinkSuccess;
  onContinue: () => void;
};

/** The last step: the accounts the institution will share. */
export function SharedAccounts({ institution, result, onContinue }: SharedAccountsProps) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-text-muted">
        Penny gets read-only access to these accounts at {institution.name}.
      </p>
      <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
        {result.metadata.accounts.map((account) => (
          <li key={account.id} className="flex justify-between gap-3 px-3 py-2 text-sm">
            <span>{account.name}</span>
            <span className="text-text-muted">
              {[account.subtype ?? account.type, maskedNumber(account.mask)].filter(Boolean).join(' · ')}
            </span>
          </li>
        ))}
      </ul>
      <Button onClick={onContinue}>Continue</Button>
    </div>
  );
}
