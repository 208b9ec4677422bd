import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Dialog, DialogContent } from '../../../ui/index.ts';
import type { BankLinkExitMetadata, BankLinkWidgetProps } from './plaid-widget.ts';
import {
  fetchInstitutions,
  type Institution,
  type LinkSuccess,
  linkError,
  messageOf,
  signInToSandbox,
  successMetadata,
} from './sandbox-link-api.ts';
import { CredentialsForm, InstitutionPicker, SharedAccounts } from './sandbox-link-steps.tsx';

/**
 * Penny's stand-in for the Plaid Link widget in sandbox mode: pick an institution, sign in (user_good /
 * pass_good), confirm the accounts. It talks to the server's sandbox Plaid (`/sandbox/plaid/link/*`)
 * and reports through the same onSuccess / onExit callbacks react-plaid-link would.
 */

export { SANDBOX_LINK_PATHS } from './sandbox-link-api.ts';

type Step =
  | { name: 'institution' }
  | { name: 'credentials'; institution: Institution }
  | { name: 'accounts'; institution: Institution; result: LinkSuccess };

function titleOf(step: Step): string {
  switch (step.name) {
    case 'institution':
      return 'Select your bank';
    case 'credentials':
      return `Sign in to ${step.institution.name}`;
    case 'accounts':
      return 'Accounts to share';
  }
}

/**
 * The institutions, read once when the widget opens. A re-link (`institutionName` known) goes straight
 * to that bank's sign-in; a failed read exits the widget.
 */
function useInstitutions(
  institutionName: string | undefined,
  onPinned: (institution: Institution) => void,
  onFailed: (message: string) => void,
): Institution[] | null {
  const [institutions, setInstitutions] = useState<Institution[] | null>(null);
  // The first render's callbacks: the list is read once.
  const callbacks = useRef({ onPinned, onFailed });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list is read once when the widget opens.
  useEffect(() => {
    const controller = new AbortController();
    void (async () => {
      try {
        const list = await fetchInstitutions(controller.signal);
        setInstitutions(list);
        const known = institutionName && list.find((institution) => institution.name === institutionName);
        if (known) callbacks.current.onPinned(known);
      } catch (error) {
        if (controller.signal.aborted) return;
        callbacks.current.onFailed(messageOf(error));
      }
    })();
    return () => controller.abort();
  }, []);
  return institutions;
}

export function SandboxBankLink({ token, institutionName, onSuccess, onExit }: BankLinkWidgetProps) {
  const sessionId = useMemo(() => `sandbox-session-${crypto.randomUUID()}`, []);
  const [step, setStep] = useState<Step>({ name: 'institution' });
  const [filter, setFilter] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [signingIn, setSigningIn] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  /** A re-link opened straight on its institution's sign-in: there is no picker to go back to. */
  const [pinned, setPinned] = useState(false);
  const listId = useId();

  const exitMetadata = (status: string | null): BankLinkExitMetadata => ({
    institution: step.name === 'institution' ? null : step.institution,
    status,
    link_session_id: sessionId,
    request_id: '',
  });

  const institutions = useInstitutions(
    institutionName,
    (institution) => {
      setPinned(true);
      setStep({ name: 'credentials', institution });
    },
    (message) => onExit(linkError('INTERNAL_SERVER_ERROR', message), exitMetadata(null)),
  );

  async function signIn(event: FormEvent) {
    event.preventDefault();
    if (step.name !== 'credentials' || signingIn) return;
    setSigningIn(true);
    setProblem(null);
    try {
      const outcome = await signInToSandbox({
        linkToken: token,
        institutionId: step.institution.institution_id,
        username,
        password,
      });
      if (outcome.kind === 'linked') {
        setStep({ name: 'accounts', institution: step.institution, result: outcome.result });
      } else if (outcome.kind === 'problem') {
        setProblem(outcome.message);
      } else {
        onExit(outcome.error, exitMetadata('requires_credentials'));
      }
    } finally {
      setSigningIn(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onExit(null, exitMetadata(null));
      }}
    >
      <DialogContent
        title={titleOf(step)}
        description="Sandbox bank link: test data only."
        closeLabel="Exit bank link"
        className="max-w-md"
      >
        {step.name === 'institution' ? (
          <InstitutionPicker
            institutions={institutions}
            filter={filter}
            onFilterChange={setFilter}
            listId={listId}
            onPick={(institution) => {
              setProblem(null);
              setStep({ name: 'credentials', institution });
            }}
          />
        ) : null}

        {step.name === 'credentials' ? (
          <CredentialsForm
            username={username}
            password={password}
            onUsernameChange={setUsername}
            onPasswordChange={setPassword}
            problem={problem}
            signingIn={signingIn}
            onBack={pinned ? undefined : () => setStep({ name: 'institution' })}
            onSubmit={(event) => void signIn(event)}
          />
        ) : null}

        {step.name === 'accounts' ? (
          <SharedAccounts
            institution={step.institution}
            result={step.result}
            onContinue={() => onSuccess(step.result.public_token, successMetadata(step.result))}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
