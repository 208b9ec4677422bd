// Placeholders: generated values name the fuzz users symbolically; the runner fills them in per request
// (the current user changes when a request legitimately ends its session or deletes its account).

export const P = {
  username: '$$username',
  firstName: '$$firstName',
  lastName: '$$lastName',
  email: '$$email',
  userId: '$$userId',
  password: '$$password',
  resourceId: '$$resourceId',
  sessionToken: '$$sessionToken',
  otherUsername: '$$otherUsername',
  otherEmail: '$$otherEmail',
  otherUserId: '$$otherUserId',
  otherResourceId: '$$otherResourceId',
  /** Confirmed actions: the user's open proposal and executed change, and the other user's. */
  proposalId: '$$proposalId',
  otherProposalId: '$$otherProposalId',
  changeId: '$$changeId',
  otherChangeId: '$$otherChangeId',
  /** A valid keyset cursor for the user's list (a fresh-looking one is built from its resource). */
  cursor: '$$cursor',
  // Linked accounts (LinkedAccounts): the user's, and the other user's to reach across with.
  bankName: '$$bankName',
  walletName: '$$walletName',
  brokerageName: '$$brokerageName',
  itemId: '$$itemId',
  connectionId: '$$connectionId',
  bankAccountId: '$$bankAccountId',
  txCursor: '$$txCursor',
  publicToken: '$$publicToken',
  spentPublicToken: '$$spentPublicToken',
  otherBankName: '$$otherBankName',
  otherWalletName: '$$otherWalletName',
  otherBrokerageName: '$$otherBrokerageName',
  otherItemId: '$$otherItemId',
  otherConnectionId: '$$otherConnectionId',
  otherBankAccountId: '$$otherBankAccountId',
  otherTxCursor: '$$otherTxCursor',
  otherPublicToken: '$$otherPublicToken',
  /** A Plaid link token Penny made for the user (the Link stand-in's session) and the other user's. */
  linkToken: '$$linkToken',
  otherLinkToken: '$$otherLinkToken',
  /** A token of the SnapTrade portal stand-in the user was sent to, and the other user's. */
  portalToken: '$$portalToken',
  otherPortalToken: '$$otherPortalToken',
  otherSnapTradeUserId: '$$otherSnapTradeUserId',
} as const;

/** '$$huge:<length>:<char>': a long string, kept short in the generated case so it prints. */
export const huge = (length: number, char = 'x') => `$$huge:${length}:${char}`;
