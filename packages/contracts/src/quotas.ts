import type { AccountPlatform } from './accounts.ts';
import { CHAT_LIMITS } from './chat.ts';

/**
 * Ours: how much one user may keep (docs/product/ states no such limits; docs/api.md, "Quotas"). Sized so
 * that a real user never reaches them, to keep one user from filling the disk: a chat turn takes 1 to
 * 10 KB and a saved chart a few KB, so the storage budget holds well over ten thousand turns.
 */
export const USER_QUOTAS = {
  /** Saved resources. */
  resources: 5_000,
  /** Chat threads (a fork is a thread too). */
  threads: 10_000,
  /** Turns in one thread (the existing `chat:thread-full` refusal). */
  turnsPerThread: CHAT_LIMITS.maxTurnsPerThread,
  /**
   * UTF-8 bytes of the user's saved resources (their DSL documents) and chat turns (message, answer,
   * agent actions and result) together.
   */
  storageBytes: 100 * 1024 * 1024,
  /** Linked connections per platform: banks (Plaid items), brokerage connections, wallets. */
  connections: { plaid: 50, snaptrade: 50, web3: 100 },
} as const;

const count = (n: number) => n.toLocaleString('en-US');

const CONNECTION_KINDS = {
  plaid: 'banks',
  snaptrade: 'brokerage connections',
  web3: 'Web3 wallets',
} as const satisfies Record<AccountPlatform, string>;

/** Ours: the refusals at a quota, in the product's plain style (docs/product/chat.md, "Error catalogue"). */
export const quotaMessages = {
  resources: `You can keep at most ${count(USER_QUOTAS.resources)} saved resources. Delete some to save more.`,
  threads: `You can keep at most ${count(USER_QUOTAS.threads)} conversations. Delete some to start a new one.`,
  storage: `Your saved resources and conversations have reached the ${USER_QUOTAS.storageBytes / (1024 * 1024)} MB storage limit. Delete some to make room.`,
  connections: (platform: AccountPlatform) =>
    `You can link at most ${count(USER_QUOTAS.connections[platform])} ${CONNECTION_KINDS[platform]}. Disconnect one to link another.`,
} as const;
