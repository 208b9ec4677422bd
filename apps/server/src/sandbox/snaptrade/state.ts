import { createHash, timingSafeEqual } from 'node:crypto';
import type { SandboxStore } from '../store.ts';
import type { BrokerSlug } from './brokerages.ts';

/** What the fake keeps per SnapTrade user (namespace 'snaptrade:user', key `${clientId}:${userId}`). */
export type SandboxUserRecord = {
  clientId: string;
  userId: string;
  /** SHA-256 of the user secret: the secret itself is shown once, at registration, as SnapTrade does. */
  secretHash: string;
  createdAt: string;
  /** How many connections the user ever made: seeds the next authorization id. */
  connectionsMade: number;
  authorizations: SandboxAuthorizationRecord[];
  scenario: { name: ScenarioName; delayMs: number } | null;
  /** The user's portal links still kept (at most MAX_PORTAL_TOKENS_PER_USER; absent on older records). */
  portalTokens?: { token: string; expiresAt: string }[];
};

/** The fake's state per user stays bounded: a few live portal links, a few dozen connections. */
export const MAX_PORTAL_TOKENS_PER_USER = 5;
export const MAX_AUTHORIZATIONS_PER_USER = 20;

export type SandboxAuthorizationRecord = {
  id: string;
  broker: BrokerSlug;
  type: 'read' | 'trade';
  createdAt: string;
  /** The day the brokerage accounts were opened (two years of history before the connection). */
  openedOn: string;
  disabledAt: string | null;
};

/** One portal visit (namespace 'snaptrade:portal', key = the one-time token). */
export type PortalSessionRecord = {
  clientId: string;
  userId: string;
  sessionId: string;
  customRedirect: string | null;
  broker: BrokerSlug | null;
  reconnect: string | null;
  connectionType: 'read' | 'trade';
  expiresAt: string;
};

/**
 * Forced failures for a user's calls (see index.ts): 'upstream_down' 503/3002, 'internal_error' 500/1000,
 * 'timeout' answers after `delayMs`, 'connection_disabled' 402/3003 on account data.
 */
export type ScenarioName = 'upstream_down' | 'internal_error' | 'timeout' | 'connection_disabled';
export const SCENARIO_NAMES = [
  'upstream_down',
  'internal_error',
  'timeout',
  'connection_disabled',
] as const satisfies readonly ScenarioName[];

export const USER_NAMESPACE = 'snaptrade:user';
export const PORTAL_NAMESPACE = 'snaptrade:portal';

export const userKey = (clientId: string, userId: string) => `${clientId}:${userId}`;

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function secretMatches(record: SandboxUserRecord, secret: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(record.secretHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export async function findUser(store: SandboxStore, clientId: string, userId: string) {
  return store.get<SandboxUserRecord>(USER_NAMESPACE, userKey(clientId, userId));
}
