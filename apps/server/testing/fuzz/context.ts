// Who the requests are built for: the fuzz users, the accounts they link, and a built request.

import type { ChainCode } from '@penny/contracts';
import type { FuzzMethod } from './endpoints.ts';

export type FuzzUser = {
  id: string;
  token: string;
  sessionToken: string;
  email: string;
  password: string;
  username: string;
  firstName: string;
  lastName: string;
  resourceId: string;
  cursor: string;
  /** An open proposal of the user's (a rule), and an executed change of another one (for undo). */
  proposalId: string;
  changeId: string;
  /** What the user has linked (runs that fuzz linked accounts link them for every fuzz user). */
  linked?: LinkedAccounts;
};

/**
 * A fuzz user's linked accounts, as the API reported them at setup: the names and ids its requests
 * use, and that the other user's requests try to reach.
 */
export type LinkedAccounts = {
  bankName: string;
  /** The bank's Plaid item id. */
  itemId: string;
  /** One account of the bank (Penny's id, as get-credentials lists it). */
  bankAccountId: string;
  /** A real next_cursor of the bank's transactions. */
  txCursor: string;
  walletName: string;
  walletAddress: string;
  brokerageName: string;
  /** The brokerage's SnapTrade authorization id (connection_id / account_id on /connect). */
  connectionId: string;
  snapTradeUserId: string;
  /** A Link public token not yet exchanged: the first exchange spends it. */
  publicToken: string;
  /** The public token the bank was linked with (spent). */
  spentPublicToken: string;
  /** A link token Penny made for the user, for the Link stand-in (no session yet). */
  linkToken: string;
  /** The token of a brokerage portal visit Penny sent the user to (not yet used; lives 5 minutes). */
  portalToken: string;
};

export type BuildContext = {
  user: FuzzUser;
  other: FuzzUser;
  /** What the fuzz user links (and links again when a request removed it); none: no linked accounts. */
  plan?: LinkPlan;
  anonToken: string;
  boxPublicKey: string;
  origin: string;
};

export type BuiltRequest = {
  method: FuzzMethod;
  /** Pathname plus query string. */
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** The body as sent before sealing (or the junk bytes), cut for printing. */
  preview: string;
  /** The JSON body before encoding, when there is one. */
  value?: unknown;
};

/** What a fuzz user links: a sandbox bank, a brokerage and a wallet; where its spare public token is from. */
export type LinkPlan = {
  institution: string;
  spareInstitution: string;
  broker: string;
  walletName: string;
  chain: ChainCode;
  address: string;
};

export type LinkPart = 'bank' | 'wallet' | 'brokerage';
