import { z } from 'zod';
import {
  agentAccountsRequestSchema,
  agentAccountsResponseSchema,
  agentBalancesResponseSchema,
  checkUserResponseSchema,
  connectSuccessSchema,
  connectUserRequestSchema,
  createLinkTokenRequestSchema,
  createLinkTokenResponseSchema,
  disconnectAccountRequestSchema,
  disconnectAccountResponseSchema,
  generateUserResponseSchema,
  getCredentialsQuerySchema,
  getCredentialsResponseSchema,
  getTransactionsRequestSchema,
  getTransactionsResponseSchema,
  loginUriResponseSchema,
  plaidDisconnectRequestSchema,
  refreshAccountsRequestSchema,
  refreshAccountsResponseSchema,
  setAccessTokenRequestSchema,
  setAccessTokenResponseSchema,
  snaptradeDisconnectRequestSchema,
  storeConnectionRequestSchema,
  storeConnectionResponseSchema,
  storeCredentialsRequestSchema,
  storeCredentialsResponseSchema,
} from './accounts.ts';
import {
  cancelProposalRequestSchema,
  cancelProposalResponseSchema,
  confirmProposalRequestSchema,
  confirmProposalResponseSchema,
  proposalQuerySchema,
  proposalResponseSchema,
  undoChangeRequestSchema,
  undoChangeResponseSchema,
} from './actions.ts';
import {
  agentDslResponseSchema,
  chatIdSchema,
  chatRequestSchema,
  chatResponseSchema,
  deleteThreadRequestSchema,
  deleteThreadResponseSchema,
  forkChatRequestSchema,
  forkChatResponseSchema,
  getDslResponseSchema,
  getMessagesResponseSchema,
  getThreadsQuerySchema,
  getThreadsResponseSchema,
  syncThreadHistoryRequestSchema,
  syncThreadHistoryResponseSchema,
  threadQuerySchema,
} from './chat.ts';
import { type ApiErrorCode, defineEndpoint, type EndpointDefinition } from './endpoint-definition.ts';
import { homeSummaryQuerySchema, homeSummaryResponseSchema } from './home.ts';
import {
  databaseSetupRequestSchema,
  databaseSetupResponseSchema,
  deleteUserRequestSchema,
  deleteUserResponseSchema,
} from './identity.ts';
import {
  generatePreferencePromptRequestSchema,
  generatePreferencePromptResponseSchema,
  saveUserPreferencesRequestSchema,
  saveUserPreferencesResponseSchema,
} from './preferences.ts';
import { getProfileQuerySchema, getProfileResponseSchema } from './profile.ts';
import {
  deleteResourceRequestSchema,
  deleteResourceResponseSchema,
  getResourceQuerySchema,
  getResourceResponseSchema,
  getUserResourcesQuerySchema,
  getUserResourcesResponseSchema,
  resourceIdSchema,
  storeResourceRequestSchema,
  storeResourceResponseSchema,
} from './resources.ts';
import { webhookEndpoints } from './webhook-endpoints.ts';

/**
 * Every endpoint of Penny's own services, defined once: method, path, what it takes, what it answers
 * and which errors it may give. The server mounts its routes from these definitions and the web
 * clients are typed from them, so a change to either side fails to compile on the other.
 */

const identityErrors = ['auth:other-user'] as const satisfies readonly ApiErrorCode[];

/**
 * The database service (`/db`): docs/product/identity.md, "Data service", and docs/product/chat.md,
 * "Database service".
 */
export const dbEndpoints = {
  databaseSetup: defineEndpoint({
    service: 'db',
    method: 'POST',
    path: '/database-setup',
    body: databaseSetupRequestSchema,
    response: databaseSetupResponseSchema,
    errors: identityErrors,
    anonymous: true,
  }),
  getProfile: defineEndpoint({
    service: 'db',
    method: 'GET',
    path: '/get-profile',
    query: getProfileQuerySchema,
    response: getProfileResponseSchema,
    errors: identityErrors,
  }),
  saveUserPreferences: defineEndpoint({
    service: 'db',
    method: 'POST',
    path: '/save-user-preferences',
    body: saveUserPreferencesRequestSchema,
    response: saveUserPreferencesResponseSchema,
    errors: identityErrors,
  }),
  generatePreferencePrompt: defineEndpoint({
    service: 'db',
    method: 'POST',
    path: '/generate-preference-prompt',
    body: generatePreferencePromptRequestSchema,
    response: generatePreferencePromptResponseSchema,
    errors: identityErrors,
  }),
  deleteUserData: defineEndpoint({
    service: 'db',
    method: 'POST',
    path: '/delete-user-data',
    body: deleteUserRequestSchema,
    response: deleteUserResponseSchema,
    errors: identityErrors,
  }),
  deleteUserAccount: defineEndpoint({
    service: 'db',
    method: 'POST',
    path: '/delete-user-account',
    body: deleteUserRequestSchema,
    response: deleteUserResponseSchema,
    errors: identityErrors,
  }),
  storeResource: defineEndpoint({
    service: 'db',
    method: 'POST',
    path: '/store-resource',
    body: storeResourceRequestSchema,
    response: storeResourceResponseSchema,
    errors: ['auth:other-user', 'resource:missing-user-info', 'quota:resources', 'quota:storage'],
  }),
  getUserResources: defineEndpoint({
    service: 'db',
    method: 'GET',
    path: '/get-user-resources',
    query: getUserResourcesQuerySchema,
    response: getUserResourcesResponseSchema,
    errors: identityErrors,
  }),
  getResource: defineEndpoint({
    service: 'db',
    method: 'GET',
    path: '/get-resource/:id',
    query: getResourceQuerySchema,
    params: { id: resourceIdSchema },
    response: getResourceResponseSchema,
    errors: ['auth:other-user', 'resource:not-found'],
  }),
  deleteResource: defineEndpoint({
    service: 'db',
    method: 'POST',
    path: '/delete-resource',
    body: deleteResourceRequestSchema,
    response: deleteResourceResponseSchema,
    errors: ['auth:other-user', 'resource:not-found'],
  }),
  getMessages: defineEndpoint({
    service: 'db',
    method: 'GET',
    path: '/chatbox/get-messages',
    query: threadQuerySchema,
    response: getMessagesResponseSchema,
    errors: ['auth:other-user'],
  }),
  getDsl: defineEndpoint({
    service: 'db',
    method: 'GET',
    path: '/visualization/get-dsl',
    query: threadQuerySchema,
    response: getDslResponseSchema,
    errors: ['auth:other-user'],
  }),
  getAllUserThreads: defineEndpoint({
    service: 'db',
    method: 'GET',
    path: '/get-all-user-threads',
    query: getThreadsQuerySchema,
    response: getThreadsResponseSchema,
    errors: ['auth:other-user'],
  }),
  deleteThread: defineEndpoint({
    service: 'db',
    method: 'POST',
    path: '/delete-thread',
    body: deleteThreadRequestSchema,
    response: deleteThreadResponseSchema,
    errors: ['auth:other-user', 'chat:thread-not-found'],
  }),
  syncThreadHistory: defineEndpoint({
    service: 'db',
    method: 'POST',
    path: '/sync-thread-history',
    body: syncThreadHistoryRequestSchema,
    response: syncThreadHistoryResponseSchema,
    errors: ['auth:other-user'],
  }),
  forkChat: defineEndpoint({
    service: 'db',
    method: 'POST',
    path: '/fork-chat',
    body: forkChatRequestSchema,
    response: forkChatResponseSchema,
    errors: ['auth:other-user', 'chat:turn-not-found', 'quota:threads', 'quota:storage'],
  }),
  getCredentials: defineEndpoint({
    service: 'db',
    method: 'GET',
    path: '/get-credentials',
    query: getCredentialsQuerySchema,
    response: getCredentialsResponseSchema,
    errors: identityErrors,
  }),
  storeCredentials: defineEndpoint({
    service: 'db',
    method: 'POST',
    path: '/store-credentials',
    body: storeCredentialsRequestSchema,
    response: storeCredentialsResponseSchema,
    errors: [
      'auth:other-user',
      'accounts:invalid-address',
      'accounts:private-key-refused',
      'quota:connections',
    ],
  }),
  disconnectAccount: defineEndpoint({
    service: 'db',
    method: 'POST',
    path: '/disconnect-account',
    body: disconnectAccountRequestSchema,
    response: disconnectAccountResponseSchema,
    errors: ['auth:other-user', 'accounts:not-found', 'accounts:provider-unavailable'],
  }),
  refreshAccounts: defineEndpoint({
    service: 'db',
    method: 'POST',
    path: '/refresh-accounts',
    body: refreshAccountsRequestSchema,
    response: refreshAccountsResponseSchema,
    errors: ['auth:other-user', 'accounts:not-found'],
  }),
  /** Not in docs/product: the start screen's figures once accounts are linked (docs/api.md, "Home summary"). */
  homeSummary: defineEndpoint({
    service: 'db',
    method: 'GET',
    path: '/home-summary',
    query: homeSummaryQuerySchema,
    response: homeSummaryResponseSchema,
    errors: identityErrors,
  }),
} as const;

export type DbEndpointName = keyof typeof dbEndpoints;

const accountReadErrors = [
  'auth:other-user',
  'accounts:not-found',
  'accounts:unsupported-platform',
] as const satisfies readonly ApiErrorCode[];

/** The agent service's account calls (`/agent`): docs/product/chat.md, "Agent service". */
export const agentEndpoints = {
  /** Also streams (`Accept: text/event-stream`): see chatStreamEventSchema. */
  chat: defineEndpoint({
    service: 'agent',
    method: 'POST',
    path: '/chat',
    body: chatRequestSchema,
    response: chatResponseSchema,
    errors: [
      'auth:other-user',
      'chat:turn-in-progress',
      'chat:thread-full',
      'quota:threads',
      'quota:storage',
    ],
  }),
  dsl: defineEndpoint({
    service: 'agent',
    method: 'GET',
    path: '/dsl/:thread_id',
    params: { thread_id: chatIdSchema },
    response: agentDslResponseSchema,
    // A malformed id names nothing, like an unknown one.
    errors: ['request:not-found'],
  }),
  snaptradeGetAccounts: defineEndpoint({
    service: 'agent',
    method: 'POST',
    path: '/snaptrade/get-accounts',
    body: agentAccountsRequestSchema,
    response: agentAccountsResponseSchema,
    errors: accountReadErrors,
  }),
  snaptradeGetAccountBalances: defineEndpoint({
    service: 'agent',
    method: 'POST',
    path: '/snaptrade/get-account-balances',
    body: agentAccountsRequestSchema,
    response: agentBalancesResponseSchema,
    errors: accountReadErrors,
  }),
  plaidGetAccounts: defineEndpoint({
    service: 'agent',
    method: 'POST',
    path: '/plaid/get-accounts',
    body: agentAccountsRequestSchema,
    response: agentAccountsResponseSchema,
    errors: accountReadErrors,
  }),
  web3GetBalances: defineEndpoint({
    service: 'agent',
    method: 'POST',
    path: '/web3/get-balances',
    body: agentAccountsRequestSchema,
    response: agentBalancesResponseSchema,
    errors: accountReadErrors,
  }),
  getTransactions: defineEndpoint({
    service: 'agent',
    method: 'POST',
    path: '/:platform/get-transactions',
    params: { platform: z.string().max(64) },
    body: getTransactionsRequestSchema,
    response: getTransactionsResponseSchema,
    errors: accountReadErrors,
  }),
  /** A proposal the agent made, for the Confirm popup (docs/api.md, "Confirmed actions"). */
  getProposal: defineEndpoint({
    service: 'agent',
    method: 'GET',
    path: '/actions/proposal',
    query: proposalQuerySchema,
    response: proposalResponseSchema,
    errors: [...identityErrors, 'actions:proposal-not-found'],
  }),
  confirmProposal: defineEndpoint({
    service: 'agent',
    method: 'POST',
    path: '/actions/confirm',
    body: confirmProposalRequestSchema,
    response: confirmProposalResponseSchema,
    errors: [
      ...identityErrors,
      'actions:proposal-not-found',
      'actions:proposal-expired',
      'actions:proposal-closed',
      'actions:proposal-stale',
      'actions:unknown-item',
    ],
  }),
  cancelProposal: defineEndpoint({
    service: 'agent',
    method: 'POST',
    path: '/actions/cancel',
    body: cancelProposalRequestSchema,
    response: cancelProposalResponseSchema,
    errors: [...identityErrors, 'actions:proposal-not-found', 'actions:proposal-closed'],
  }),
  undoChange: defineEndpoint({
    service: 'agent',
    method: 'POST',
    path: '/actions/undo',
    body: undoChangeRequestSchema,
    response: undoChangeResponseSchema,
    errors: [...identityErrors, 'actions:change-not-found', 'actions:change-superseded'],
  }),
} as const;

const providerErrors = [
  'auth:origin-refused',
  'auth:other-user',
  'accounts:provider-unavailable',
  'accounts:provider-refused',
] as const satisfies readonly ApiErrorCode[];

/**
 * The account-connection service (`/connect/api`). The request wrapper (docs/product/chat.md,
 * "Request wrapper") strips the Authorization header on these calls, so they authenticate with the session
 * cookie plus an Origin check, and take a form or plain JSON (they carry no secret: tokens are exchanged
 * server-side).
 */
export const connectEndpoints = {
  createLinkToken: defineEndpoint({
    service: 'connect',
    method: 'POST',
    path: '/api/create_link_token',
    body: createLinkTokenRequestSchema,
    response: createLinkTokenResponseSchema,
    errors: [...providerErrors, 'accounts:not-found', 'quota:connections'],
  }),
  setAccessToken: defineEndpoint({
    service: 'connect',
    method: 'POST',
    path: '/api/set_access_token',
    body: setAccessTokenRequestSchema,
    response: setAccessTokenResponseSchema,
    errors: [...providerErrors, 'accounts:link-token-invalid', 'quota:connections'],
  }),
  plaidDisconnect: defineEndpoint({
    service: 'connect',
    method: 'POST',
    path: '/api/plaid/disconnect',
    body: plaidDisconnectRequestSchema,
    response: connectSuccessSchema,
    errors: [...providerErrors, 'accounts:not-found'],
  }),
  snaptradeCheckUser: defineEndpoint({
    service: 'connect',
    method: 'POST',
    path: '/api/snaptrade/check_user',
    body: connectUserRequestSchema,
    response: checkUserResponseSchema,
    errors: providerErrors,
  }),
  snaptradeGenerateUser: defineEndpoint({
    service: 'connect',
    method: 'POST',
    path: '/api/snaptrade/generate_user',
    body: connectUserRequestSchema,
    response: generateUserResponseSchema,
    errors: providerErrors,
  }),
  snaptradeGetLoginUri: defineEndpoint({
    service: 'connect',
    method: 'POST',
    path: '/api/snaptrade/get_login_uri',
    body: connectUserRequestSchema,
    response: loginUriResponseSchema,
    errors: [...providerErrors, 'accounts:not-found', 'quota:connections'],
  }),
  snaptradeStoreConnection: defineEndpoint({
    service: 'connect',
    method: 'POST',
    path: '/api/snaptrade/store_connection',
    body: storeConnectionRequestSchema,
    response: storeConnectionResponseSchema,
    errors: [...providerErrors, 'accounts:not-found', 'quota:connections'],
  }),
  snaptradeDisconnect: defineEndpoint({
    service: 'connect',
    method: 'POST',
    path: '/api/snaptrade/disconnect',
    body: snaptradeDisconnectRequestSchema,
    response: connectSuccessSchema,
    errors: [...providerErrors, 'accounts:not-found'],
  }),
} as const;

/** Every endpoint of the product's own services, by service. */
export const endpoints = {
  db: dbEndpoints,
  agent: agentEndpoints,
  connect: connectEndpoints,
  webhooks: webhookEndpoints,
} as const;

/** The parsed input of an endpoint: its query or body, and its path parameters. */
export type EndpointInput<E extends EndpointDefinition> = (E['query'] extends z.ZodType
  ? z.output<E['query']>
  : unknown) &
  (E['body'] extends z.ZodType ? z.output<E['body']> : unknown);

/** What an endpoint answers on success (the response schema's input: what the server sends). */
export type EndpointResponse<E extends EndpointDefinition> = z.input<E['response']>;

/** The request an endpoint's client sends (the schemas' input types). */
export type EndpointRequest<E extends EndpointDefinition> = (E['query'] extends z.ZodType
  ? z.input<E['query']>
  : unknown) &
  (E['body'] extends z.ZodType ? z.input<E['body']> : unknown);

/** The full path of an endpoint, with `:name` parameters filled in and encoded. */
export function endpointPath(endpoint: EndpointDefinition, params: Record<string, string> = {}): string {
  return endpoint.path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`endpointPath: missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
