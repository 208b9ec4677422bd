import { type PlaidError, PlaidErrorType } from 'plaid';

/** The error types this fake answers with, and the HTTP status Plaid uses for each. */
export type FakeErrorType =
  | 'INVALID_REQUEST'
  | 'INVALID_INPUT'
  | 'INVALID_RESULT'
  | 'ITEM_ERROR'
  | 'RATE_LIMIT_EXCEEDED'
  | 'API_ERROR'
  | 'TRANSACTIONS_ERROR';

const PLAID_TYPE = {
  INVALID_REQUEST: PlaidErrorType.InvalidRequest,
  INVALID_INPUT: PlaidErrorType.InvalidInput,
  INVALID_RESULT: PlaidErrorType.InvalidResult,
  ITEM_ERROR: PlaidErrorType.ItemError,
  TRANSACTIONS_ERROR: PlaidErrorType.TransactionsError,
  RATE_LIMIT_EXCEEDED: PlaidErrorType.RateLimitExceeded,
  API_ERROR: PlaidErrorType.ApiError,
} as const satisfies Record<FakeErrorType, PlaidErrorType>;

const STATUS_OF_TYPE = {
  INVALID_REQUEST: 400,
  INVALID_INPUT: 400,
  INVALID_RESULT: 400,
  ITEM_ERROR: 400,
  TRANSACTIONS_ERROR: 400,
  RATE_LIMIT_EXCEEDED: 429,
  API_ERROR: 500,
} as const satisfies Record<FakeErrorType, number>;

/** Thrown inside a handler; the app renders it as Plaid's error object with Plaid's status. */
export class PlaidFailure extends Error {
  readonly status: 400 | 401 | 404 | 429 | 500;
  readonly errorType: FakeErrorType;
  readonly errorCode: string;
  readonly displayMessage: string | null;
  constructor(
    errorType: FakeErrorType,
    errorCode: string,
    message: string,
    displayMessage: string | null = null,
    status?: 401 | 404,
  ) {
    super(message);
    this.errorType = errorType;
    this.errorCode = errorCode;
    this.displayMessage = displayMessage;
    this.status = status ?? STATUS_OF_TYPE[errorType];
  }

  body(requestId: string): PlaidError {
    return {
      error_type: PLAID_TYPE[this.errorType],
      error_code: this.errorCode,
      error_message: this.message,
      display_message: this.displayMessage,
      request_id: requestId,
      causes: [],
      status: this.status,
      documentation_url: `https://plaid.com/docs/errors/${this.errorType.toLowerCase().replaceAll('_', '-')}/#${this.errorCode.toLowerCase()}`,
      suggested_action: null,
    };
  }
}

export const failures = {
  invalidBody: () => new PlaidFailure('INVALID_REQUEST', 'INVALID_BODY', 'body could not be parsed as JSON'),
  missingFields: (fields: string[]) =>
    new PlaidFailure(
      'INVALID_REQUEST',
      'MISSING_FIELDS',
      `the following required fields are missing: ${fields.join(', ')}`,
    ),
  invalidField: (message: string) => new PlaidFailure('INVALID_REQUEST', 'INVALID_FIELD', message),
  /**
   * Plaid answers this with HTTP 400; the sandbox answers 401, Plaid's body unchanged, so a caller
   * without this installation's keys is told plainly it is not authenticated
   * (docs/decisions/0014-sandbox-keys-and-link-sessions.md). The SDK and our adapter read the code.
   */
  invalidApiKeys: () =>
    new PlaidFailure('INVALID_INPUT', 'INVALID_API_KEYS', 'invalid client_id or secret provided', null, 401),
  invalidAccessToken: () =>
    new PlaidFailure('INVALID_INPUT', 'INVALID_ACCESS_TOKEN', 'could not find matching access token'),
  invalidPublicToken: (expired = false) =>
    new PlaidFailure(
      'INVALID_INPUT',
      'INVALID_PUBLIC_TOKEN',
      expired
        ? 'provided public token is expired. Public tokens expire 30 minutes after creation at which point they can no longer be exchanged'
        : 'could not find matching public token',
    ),
  invalidLinkToken: (expired = false) =>
    new PlaidFailure(
      'INVALID_INPUT',
      'INVALID_LINK_TOKEN',
      expired ? 'link token has expired' : 'provided link token is invalid',
      'Your session has expired. Please try again.',
    ),
  invalidInstitution: () =>
    new PlaidFailure('INVALID_INPUT', 'INVALID_INSTITUTION', 'invalid institution_id provided'),
  invalidCredentials: () =>
    new PlaidFailure(
      'ITEM_ERROR',
      'INVALID_CREDENTIALS',
      'the provided credentials were not correct',
      'The provided credentials were not correct. Please try again.',
    ),
  itemLoginRequired: () =>
    new PlaidFailure(
      'ITEM_ERROR',
      'ITEM_LOGIN_REQUIRED',
      "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state",
      'To keep your account connected, please log in again.',
    ),
  productNotReady: () =>
    new PlaidFailure(
      'ITEM_ERROR',
      'PRODUCT_NOT_READY',
      'the requested product is not yet ready. please provide a webhook or try the request again later',
    ),
  noInvestmentAccounts: () =>
    new PlaidFailure(
      'ITEM_ERROR',
      'NO_INVESTMENT_ACCOUNTS',
      'No investment accounts were found for this item',
    ),
  rateLimited: (code: string) =>
    new PlaidFailure(
      'RATE_LIMIT_EXCEEDED',
      code,
      'rate limit exceeded for attempts to access this item. please try again later',
    ),
  callerRateLimited: () =>
    new PlaidFailure(
      'RATE_LIMIT_EXCEEDED',
      'RATE_LIMIT',
      'too many requests from this caller. please try again later',
    ),
  internal: () =>
    new PlaidFailure(
      'API_ERROR',
      'INTERNAL_SERVER_ERROR',
      'an unexpected error occurred',
      'Something went wrong. Please try again later.',
    ),
  mutationDuringPagination: () =>
    new PlaidFailure(
      'TRANSACTIONS_ERROR',
      'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION',
      'Underlying transaction data changed since last page was fetched. Please restart pagination from last update.',
    ),
  notFound: () => new PlaidFailure('INVALID_REQUEST', 'NOT_FOUND', 'not found', null, 404),
};
