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
export * from './request.ts';
