import type { ApiErrorCode } from '@penny/contracts';

/**
 * A refusal from a domain service, with its typed code. The HTTP layer maps the code to a status; the
 * agent's tools (which call the same handlers) read the code and the sentence.
 */
export class ServiceError extends Error {
  override name = 'ServiceError';
  readonly code: ApiErrorCode;
  constructor(code: ApiErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
