import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ConfigError } from '../config.ts';
import type { Database } from '../db/index.ts';
import { keyCheck } from '../db/schema.ts';
import type { Logger } from '../logger.ts';

const VAULT = 'vault';

/**
 * A fingerprint of the vault key: HMAC-SHA256 keyed by it over a fixed label. It tells two keys apart
 * and reveals nothing about the key (it is not the key, nor a hash an attacker could test guesses
 * against without already holding a candidate key).
 */
export function vaultKeyFingerprint(vaultKey: Uint8Array): string {
  return createHmac('sha256', vaultKey).update('penny vault key check v1').digest('base64url');
}

export class VaultKeyMismatchError extends ConfigError {
  override name = 'VaultKeyMismatchError';
}

/**
 * Records the vault key's fingerprint on first start; on every later start refuses a different key,
 * which would make every credential sealed with the old one unreadable. `acceptNew`
 * (ACCEPT_NEW_VAULT_KEY=true) records the new key instead, for an operator who has chosen to lose them.
 */
export async function checkVaultKey(
  db: Database,
  vaultKey: Uint8Array,
  options: { acceptNew: boolean; logger: Logger },
): Promise<void> {
  const fingerprint = vaultKeyFingerprint(vaultKey);
  // Two instances starting together on one PostgreSQL: the first insert wins, the other compares.
  await db.insert(keyCheck).values({ name: VAULT, fingerprint }).onConflictDoNothing();
  const [stored] = await db.select().from(keyCheck).where(eq(keyCheck.name, VAULT));
  if (!stored) throw new Error('the vault key check row is missing right after it was written');
  if (sameText(stored.fingerprint, fingerprint)) return;
  if (options.acceptNew) {
    await db.update(keyCheck).set({ fingerprint, createdAt: new Date() }).where(eq(keyCheck.name, VAULT));
    options.logger.warn(
      { previousKeySince: stored.createdAt.toISOString() },
      'ACCEPT_NEW_VAULT_KEY: recorded a new vault key; credentials sealed with the previous key are unreadable. Remove ACCEPT_NEW_VAULT_KEY now.',
    );
    return;
  }
  throw new VaultKeyMismatchError(
    [
      `VAULT_KEY is not the key this database has used since ${stored.createdAt.toISOString()}.`,
      '  Provider credentials stored with that key would be unreadable with this one, so Penny did not start.',
      '  - If the key changed by mistake (a missing or mistyped VAULT_KEY, a new DATA_DIR/secrets/secrets.json),',
      '    set VAULT_KEY back to the previous key, or restore DATA_DIR/secrets/secrets.json from your backup.',
      '  - To keep the new key and give up the stored credentials (their accounts must be linked again),',
      '    start once with ACCEPT_NEW_VAULT_KEY=true, then remove it.',
    ].join('\n'),
  );
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
