import { ACCOUNT_SUFFIX, accountMessages, type ChainCode } from '@penny/contracts';
import { eq } from 'drizzle-orm';
import { validateAddress } from '../../connections/chains/address.ts';
import { tables } from '../../db/index.ts';
import { ServiceError } from '../../services/errors.ts';
import { newId } from '../ledger.ts';
import { withinConnectionQuota } from './connections.ts';
import type { AccountsDeps } from './deps.ts';

const { connection } = tables;

/** The wallet's institution name by chain. */
const CHAIN_NAMES = { sol: 'Solana', eth: 'Ethereum', btc: 'Bitcoin' } as const satisfies Record<
  ChainCode,
  string
>;

/**
 * POST /db/store-credentials: one wallet, by address only. A new one past the user's quota of wallets
 * is refused (saving a wallet again under its name is not a new one).
 */
export async function storeWallet(
  deps: Pick<AccountsDeps, 'db' | 'sync' | 'now'>,
  userId: string,
  input: {
    accountName: string;
    chain: ChainCode;
    address: string;
    privateKey?: string | undefined;
    username?: string | undefined;
    tag?: string | undefined;
  },
): Promise<{ accountName: string }> {
  if (input.privateKey && input.privateKey.trim() !== '') {
    // Refused, and nothing of it is kept or logged: keys never leave the user's device.
    throw new ServiceError('accounts:private-key-refused', accountMessages.privateKeyRefused);
  }
  const checked = validateAddress(input.chain, input.address);
  if (!checked.ok)
    throw new ServiceError('accounts:invalid-address', accountMessages.invalidAddress(input.chain));
  const accountName = input.accountName.endsWith(ACCOUNT_SUFFIX.web3)
    ? input.accountName
    : `${input.accountName}${ACCOUNT_SUFFIX.web3}`;
  const id = newId('conn');
  const [row] = await withinConnectionQuota(deps.db, userId, 'web3', (tx) =>
    tx
      .insert(connection)
      .values({
        id,
        userId,
        platform: 'web3',
        name: accountName,
        institutionName: `${CHAIN_NAMES[input.chain]} wallet`,
        itemId: input.username ?? null,
        externalUserId: checked.address,
        chain: input.chain,
        tag: input.tag || null,
      })
      .onConflictDoUpdate({
        target: [connection.userId, connection.name],
        // Saving a wallet again under its name updates it (same platform only; see the where).
        set: {
          externalUserId: checked.address,
          chain: input.chain,
          tag: input.tag || null,
          itemId: input.username ?? null,
          syncCursor: null,
          lastSyncedAt: null,
          updatedAt: deps.now(),
        },
        setWhere: eq(connection.platform, 'web3'),
      })
      .returning({ id: connection.id }),
  );
  if (!row) throw new ServiceError('request:invalid', `${accountName} is already used by another account.`);
  await deps.sync.startSync(userId, row.id);
  return { accountName };
}
