import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The credential vault: Plaid access tokens and SnapTrade user secrets sealed at rest with AES-256-GCM
 * (Node's crypto, an AEAD). The key is derived from VAULT_KEY per version, so a future key or cipher
 * can sit beside this one; the associated data binds each secret to its user and connection, so a
 * sealed value copied onto another row (or another user's) does not open.
 *
 * Format: `v1.<iv, base64url>.<ciphertext and tag, base64url>`.
 */
export type VaultBinding = { userId: string; connectionId: string };

export type Vault = {
  seal(plaintext: string, binding: VaultBinding): string;
  open(sealed: string, binding: VaultBinding): string;
};

export class VaultError extends Error {
  override name = 'VaultError';
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

function associatedData(binding: VaultBinding): Buffer {
  return Buffer.from(`penny:vault:${VERSION}:${binding.userId}:${binding.connectionId}`, 'utf8');
}

export function createVault(vaultKey: Uint8Array): Vault {
  if (vaultKey.length !== 32) throw new VaultError('The vault key must be 32 bytes.');
  const key = Buffer.from(
    hkdfSync('sha256', vaultKey, new Uint8Array(0), `penny/vault/credentials/${VERSION}`, 32),
  );
  return {
    seal(plaintext, binding) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(associatedData(binding));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed, binding) {
      const [version, ivText, bodyText] = sealed.split('.');
      if (version !== VERSION || !ivText || !bodyText)
        throw new VaultError('Unknown sealed credential format.');
      const iv = Buffer.from(ivText, 'base64url');
      const body = Buffer.from(bodyText, 'base64url');
      if (iv.length !== IV_BYTES || body.length < TAG_BYTES)
        throw new VaultError('Malformed sealed credential.');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(associatedData(binding));
        decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
        return Buffer.concat([
          decipher.update(body.subarray(0, body.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        // Wrong key, wrong row, or tampered: one answer, no detail.
        throw new VaultError('A sealed credential could not be opened.');
      }
    },
  };
}
