import { z } from 'zod';
import type { BankLinkError, BankLinkSuccessMetadata } from './plaid-widget.ts';

/** The server's sandbox Plaid Link endpoints the stand-in widget talks to. */
export const SANDBOX_LINK_PATHS = {
  institutions: '/sandbox/plaid/link/institutions',
  publicToken: '/sandbox/plaid/link/public_token',
} as const;

const institutionsSchema = z.object({
  institutions: z.array(z.object({ institution_id: z.string(), name: z.string() })),
});
export type Institution = z.infer<typeof institutionsSchema>['institutions'][number];

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
export type LinkSuccess = z.infer<typeof successSchema>;

const plaidErrorSchema = z.object({
  error_type: z.string().optional(),
  error_code: z.string(),
  error_message: z.string(),
  display_message: z.string().nullable().optional(),
});

export function linkError(code: string, message: string, type = 'API_ERROR'): BankLinkError {
  return { error_type: type, error_code: code, error_message: message, display_message: null };
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The sandbox's institutions, as the picker lists them. */
export async function fetchInstitutions(signal: AbortSignal): Promise<Institution[]> {
  const response = await fetch(SANDBOX_LINK_PATHS.institutions, { credentials: 'same-origin', signal });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return institutionsSchema.parse(await response.json()).institutions;
}

export type SignInRequest = {
  linkToken: string;
  institutionId: string;
  username: string;
  password: string;
};

/** What a sign-in led to: the accounts to confirm, a problem to show in the form, or the widget's exit. */
export type SignInOutcome =
  | { kind: 'linked'; result: LinkSuccess }
  | { kind: 'problem'; message: string }
  | { kind: 'exit'; error: BankLinkError };

/** Signs in to a sandbox institution, which answers a public token and the accounts it shares. */
export async function signInToSandbox(request: SignInRequest): Promise<SignInOutcome> {
  try {
    const response = await fetch(SANDBOX_LINK_PATHS.publicToken, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        link_token: request.linkToken,
        institution_id: request.institutionId,
        username: request.username,
        password: request.password,
      }),
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) return { kind: 'linked', result: successSchema.parse(body) };
    const plaidError = plaidErrorSchema.safeParse(body);
    if (response.status === 400 && plaidError.success) {
      const { error_code, error_message, display_message } = plaidError.data;
      // Plaid shows credential problems inside the widget, where the user can try again.
      if (error_code === 'INVALID_LINK_TOKEN') {
        return { kind: 'exit', error: linkError(error_code, error_message, 'INVALID_INPUT') };
      }
      return { kind: 'problem', message: display_message || error_message };
    }
    return { kind: 'exit', error: linkError('INTERNAL_SERVER_ERROR', `HTTP ${response.status}`) };
  } catch (error) {
    return { kind: 'exit', error: linkError('INTERNAL_SERVER_ERROR', messageOf(error)) };
  }
}

/** The success callback's metadata, shaped as react-plaid-link hands it over. */
export function successMetadata(result: LinkSuccess): BankLinkSuccessMetadata {
  return {
    institution: result.metadata.institution,
    accounts: result.metadata.accounts.map((account) => ({
      ...account,
      subtype: account.subtype ?? '',
      verification_status: null,
      class_type: null,
    })),
    link_session_id: result.metadata.link_session_id,
  };
}
