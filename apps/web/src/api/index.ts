export * from './accounts.ts';
export * from './actions.ts';
export * from './chat.ts';
export {
  type FetchPublicConfigOptions,
  fetchPublicConfig,
  loadPublicConfig,
  PUBLIC_CONFIG_PATH,
  type PublicConfig,
  publicConfigQueryKey,
  publicConfigQueryOptions,
  resetPublicConfig,
  usePublicConfig,
} from './config.ts';
export { type CallOptions, callEndpoint, requestEndpoint } from './endpoint-client.ts';
export * from './home.ts';
export * from './profile.ts';
export * from './request.ts';
export * from './resources.ts';
export { getServiceRequester, requesterFor } from './services.ts';
