import { ArrowLeft, Building2, ChevronRight, Landmark, Lock } from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { z } from 'zod';
import { Button, Dialog, DialogContent, Field, Input, Skeleton } from '../../../ui/index.ts';
import type {
  BankLinkError,
  BankLinkExitMetadata,
  BankLinkSuccessMetadata,
  BankLinkWidgetProps,
} from './plaid-widget.ts';

/**
 * Penny's stand-in for the Plaid Link widget in sandbox mode: pick an institution, sign in (user_good /
 * pass_good), confirm the accounts. It talks to the server's sandbox Plaid (`/sandbox/plaid/link/*`)
 * and reports through the same onSuccess / onExit callbacks react-plaid-link would.
 */

export const SANDBOX_LINK_PATHS = {
  institutions: '/sandbox/plaid/link/institutions',
  publicToken: '/sandbox/plaid/link/public_token',
} as const;

const institutionsSchema = z.object({
  institutions: z.array(z.object({ institution_id: z.string(), name: z.string() })),
});
type Institution = z.infer<typeof institutionsSchema>['institutions'][number];

const successSchema = z.object({
  public_token: z.string(),
  metadata: z.object({
    institution: z.object({ name: z.string(), institution_id: z.string() }).nullable(),
    accounts: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        mask: z.string().nullable(),
        type: z.string(),
        subtype: z.string().nullable(),
      }),
    ),
    link_session_id: z.string(),
  }),
});
type LinkSuccess = z.infer<typeof successSchema>;

const plaidErrorSchema = z.object({
  error_type: z.string().optional(),
  error_code: z.string(),
  error_message: z.string(),
  display_message: z.string().nullable().optional(),
});

type Step =
  | { name: 'institution' }
  | { name: 'credentials'; institution: Institution }
  | { name: 'accounts'; institution: Institution; result: LinkSuccess };

function linkError(code: string, message: string, type = 'API_ERROR'): BankLinkError {
  return { error_type: type, error_code: code, error_message: message, display_message: null };
}

export function SandboxBankLink({ token, institutionName, onSuccess, onExit }: BankLinkWidgetProps) {
  const sessionId = useMemo(() => `sandbox-session-${crypto.randomUUID()}`, []);
  const [step, setStep] = useState<Step>({ name: 'institution' });
  const [institutions, setInstitutions] = useState<Institution[] | null>(null);
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

  // biome-ignore lint/correctness/useExhaustiveDependencies: the list is read once when the widget opens.
  useEffect(() => {
    const controller = new AbortController();
    void (async () => {
      try {
        const response = await fetch(SANDBOX_LINK_PATHS.institutions, {
          credentials: 'same-origin',
          signal: controller.signal,
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const list = institutionsSchema.parse(await response.json()).institutions;
        setInstitutions(list);
        // Re-link: straight to the sign-in of the bank the item belongs to.
        const known = institutionName && list.find((institution) => institution.name === institutionName);
        if (known) {
          setPinned(true);
          setStep({ name: 'credentials', institution: known });
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        onExit(linkError('INTERNAL_SERVER_ERROR', message), exitMetadata(null));
      }
    })();
    return () => controller.abort();
  }, []);

  async function signIn(event: FormEvent) {
    event.preventDefault();
    if (step.name !== 'credentials' || signingIn) return;
    setSigningIn(true);
    setProblem(null);
    try {
      const response = await fetch(SANDBOX_LINK_PATHS.publicToken, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          link_token: token,
          institution_id: step.institution.institution_id,
          username,
          password,
        }),
      });
      const body: unknown = await response.json().catch(() => null);
      if (response.ok) {
        setStep({ name: 'accounts', institution: step.institution, result: successSchema.parse(body) });
        return;
      }
      const plaidError = plaidErrorSchema.safeParse(body);
      if (response.status === 400 && plaidError.success) {
        // Plaid shows credential problems inside the widget, where the user can try again.
        if (plaidError.data.error_code === 'INVALID_LINK_TOKEN') {
          onExit(
            linkError(plaidError.data.error_code, plaidError.data.error_message, 'INVALID_INPUT'),
            exitMetadata('requires_credentials'),
          );
          return;
        }
        setProblem(plaidError.data.display_message || plaidError.data.error_message);
        return;
      }
      onExit(
        linkError('INTERNAL_SERVER_ERROR', `HTTP ${response.status}`),
        exitMetadata('requires_credentials'),
      );
    } catch (error) {
      onExit(
        linkError('INTERNAL_SERVER_ERROR', error instanceof Error ? error.message : String(error)),
        exitMetadata('requires_credentials'),
      );
    } finally {
      setSigningIn(false);
    }
  }

  function finish() {
    if (step.name !== 'accounts') return;
    const metadata: BankLinkSuccessMetadata = {
      institution: step.result.metadata.institution,
      accounts: step.result.metadata.accounts.map((account) => ({
        ...account,
        subtype: account.subtype ?? '',
        verification_status: null,
        class_type: null,
      })),
      link_session_id: step.result.metadata.link_session_id,
    };
    onSuccess(step.result.public_token, metadata);
  }

  const shown = (institutions ?? []).filter((institution) =>
    institution.name.toLowerCase().includes(filter.trim().toLowerCase()),
  );

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onExit(null, exitMetadata(null));
      }}
    >
      <DialogContent
        title={
          step.name === 'institution'
            ? 'Select your bank'
            : step.name === 'credentials'
              ? `Sign in to ${step.institution.name}`
              : 'Accounts to share'
        }
        description="Sandbox bank link: test data only."
        closeLabel="Exit bank link"
        className="max-w-md"
      >
        {step.name === 'institution' ? (
          <div className="flex flex-col gap-3">
            <Field label="Search institutions">
              {(control) => (
                <Input
                  {...control}
                  type="search"
                  value={filter}
                  aria-controls={listId}
                  onChange={(event) => setFilter(event.target.value)}
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
              <ul
                id={listId}
                aria-label="Institutions"
                className="flex max-h-80 flex-col gap-1 overflow-y-auto"
              >
                {shown.map((institution) => (
                  <li key={institution.institution_id}>
                    <button
                      type="button"
                      onClick={() => {
                        setProblem(null);
                        setStep({ name: 'credentials', institution });
                      }}
                      className="flex w-full items-center gap-3 rounded-lg border border-border px-3 py-3 text-left text-sm font-medium hover:bg-surface"
                    >
                      <Landmark aria-hidden="true" className="size-5 text-accent" />
                      <span className="flex-1">{institution.name}</span>
                      <ChevronRight aria-hidden="true" className="size-4 text-text-muted" />
                    </button>
                  </li>
                ))}
                {shown.length === 0 ? (
                  <li className="px-3 py-2 text-sm text-text-muted">No matches.</li>
                ) : null}
              </ul>
            )}
          </div>
        ) : null}

        {step.name === 'credentials' ? (
          <form noValidate onSubmit={(event) => void signIn(event)} className="flex flex-col gap-3">
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
                  onChange={(event) => setUsername(event.target.value)}
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
                  onChange={(event) => setPassword(event.target.value)}
                />
              )}
            </Field>
            <div className="flex justify-between gap-2 pt-2">
              {pinned ? (
                <span />
              ) : (
                <Button variant="ghost" onClick={() => setStep({ name: 'institution' })}>
                  <ArrowLeft aria-hidden="true" />
                  Back
                </Button>
              )}
              <Button type="submit" loading={signingIn} busyLabel="Signing in...">
                <Lock aria-hidden="true" />
                Submit
              </Button>
            </div>
          </form>
        ) : null}

        {step.name === 'accounts' ? (
          <div className="flex flex-col gap-3">
            <p className="text-sm text-text-muted">
              Penny gets read-only access to these accounts at {step.institution.name}.
            </p>
            <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
              {step.result.metadata.accounts.map((account) => (
                <li key={account.id} className="flex justify-between gap-3 px-3 py-2 text-sm">
                  <span>{account.name}</span>
                  <span className="text-text-muted">
                    {account.subtype ?? account.type}
                    {account.mask ? ` ••${account.mask}` : ''}
                  </span>
                </li>
              ))}
            </ul>
            <Button onClick={finish}>Continue</Button>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
