import { accountMessages } from '@penny/contracts';
import { ProviderError, type ProviderErrorKind } from '../../connections/types.ts';
import { ServiceError } from '../../services/errors.ts';

const SERVICE_ERROR_OF = {
  'invalid-credentials': 'accounts:provider-login-required',
  'login-required': 'accounts:provider-login-required',
  'rate-limited': 'accounts:provider-unavailable',
  unavailable: 'accounts:provider-unavailable',
  timeout: 'accounts:provider-unavailable',
  'cursor-reset': 'accounts:provider-unavailable',
  'not-found': 'accounts:not-found',
  'invalid-request': 'accounts:provider-refused',
  'order-refused': 'accounts:provider-refused',
  'trade-expired': 'accounts:provider-refused',
} as const satisfies Record<ProviderErrorKind, ServiceError['code']>;

const MESSAGE_OF = {
  'accounts:provider-login-required': accountMessages.providerLoginRequired,
  'accounts:provider-unavailable': accountMessages.providerUnavailable,
  'accounts:not-found': accountMessages.accountNotFound,
  'accounts:provider-refused': accountMessages.providerRefused,
} as const;

/** A provider's failure as the service refusal a client can act on (never the provider's raw text). */
export function refusalOf(error: unknown): never {
  if (error instanceof ProviderError) {
    const code = SERVICE_ERROR_OF[error.kind];
    throw new ServiceError(code, MESSAGE_OF[code]);
  }
  throw error;
}

/** Runs a provider call; its failure becomes the matching refusal. */
export async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    return refusalOf(error);
  }
}
