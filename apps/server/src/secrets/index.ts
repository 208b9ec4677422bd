import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nacl from 'tweetnacl';
import type { Config } from '../config.ts';

export type Secrets = {
  /** Better Auth signing secret. */
  authSecret: string;
  /** 32-byte key encrypting provider credentials at rest. */
  vaultKey: Uint8Array;
  /** X25519 keypair that request bodies are sealed to. */
  boxKeyPair: { publicKey: Uint8Array; secretKey: Uint8Array };
};

type StoredSecrets = { authSecret: string; vaultKey: string; boxSecretKey: string };

const SECRETS_FILE = 'secrets.json';

/**
 * Loads secrets from DATA_DIR/secrets, generating any missing one on first start (0600 file in a 0700
 * folder). Environment overrides win and are never written to disk; when all three come from the
 * environment the file is neither read nor written. (Production refuses a mix: see loadConfig.)
 */
export async function loadSecrets(config: Pick<Config, 'dataDir' | 'secretOverrides'>): Promise<Secrets> {
  const fromEnv = config.secretOverrides;
  if (fromEnv.authSecret && fromEnv.vaultKey && fromEnv.boxSecretKey) {
    return {
      authSecret: fromEnv.authSecret,
      vaultKey: decodeKey(fromEnv.vaultKey, 'VAULT_KEY'),
      boxKeyPair: nacl.box.keyPair.fromSecretKey(decodeKey(fromEnv.boxSecretKey, 'BOX_SECRET_KEY')),
    };
  }
  const dir = path.join(config.dataDir, 'secrets');
  const file = path.join(dir, SECRETS_FILE);
  const stored = await readStored(file);
  const next: StoredSecrets = {
    authSecret: stored?.authSecret ?? randomBytes(32).toString('base64url'),
    vaultKey: stored?.vaultKey ?? randomBytes(32).toString('base64'),
    boxSecretKey: stored?.boxSecretKey ?? Buffer.from(nacl.box.keyPair().secretKey).toString('base64'),
  };
  if (!stored) {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await chmod(dir, 0o700);
    await writeFile(file, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
    await chmod(file, 0o600);
  }
  const overrides = config.secretOverrides;
  const boxSecretKey = decodeKey(overrides.boxSecretKey ?? next.boxSecretKey, 'BOX_SECRET_KEY');
  return {
    authSecret: overrides.authSecret ?? next.authSecret,
    vaultKey: decodeKey(overrides.vaultKey ?? next.vaultKey, 'VAULT_KEY'),
    boxKeyPair: nacl.box.keyPair.fromSecretKey(boxSecretKey),
  };
}

async function readStored(file: string): Promise<StoredSecrets | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<StoredSecrets>;
  if (!parsed.authSecret || !parsed.vaultKey || !parsed.boxSecretKey) {
    throw new Error(
      `Secrets file ${file} is incomplete; restore it from backup or remove it to start afresh.`,
    );
  }
  return parsed as StoredSecrets;
}

function decodeKey(base64: string, name: string): Uint8Array {
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  if (bytes.length !== 32) throw new Error(`${name} must be 32 bytes, base64-encoded`);
  return bytes;
}

export { checkVaultKey, VaultKeyMismatchError, vaultKeyFingerprint } from './key-check.ts';
export { deriveSandboxKeys, SANDBOX_CLIENT_IDS, type SandboxKeys } from './sandbox-keys.ts';
