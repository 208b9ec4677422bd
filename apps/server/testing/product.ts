// The product modules that tools outside apps/server use (the envelope bench, the eval's raw vendor
// data), exported through this package's `./testing` surface so that nothing outside apps/server
// reaches into apps/server/src by path.

export { SANDBOX_PLAID_PULL_DEFAULTS } from '../src/config.ts';
export type { Database } from '../src/db/index.ts';
export { encryptedBody } from '../src/http/middleware/encrypted-body.ts';
export { generateWallet, NATIVE_ASSETS } from '../src/sandbox/chains/index.ts';
export {
  createDatabaseSandboxStore,
  SANDBOX_PATHS,
  type SandboxKeys,
} from '../src/sandbox/index.ts';
export { generateBankItem } from '../src/sandbox/plaid/index.ts';
export type { ItemRecord } from '../src/sandbox/plaid/item-data.ts';
export {
  type ActivityType,
  type GeneratedAccount,
  generateBrokerageData,
  SANDBOX_BROKERAGES,
} from '../src/sandbox/snaptrade/index.ts';
export { type SandboxUserRecord, USER_NAMESPACE } from '../src/sandbox/snaptrade/state.ts';
export { createMemoryReplayStore } from '../src/shared-state/index.ts';
