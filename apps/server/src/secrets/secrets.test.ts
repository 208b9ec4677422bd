import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nacl from 'tweetnacl';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSecrets } from './index.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'penny-secrets-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('loadSecrets', () => {
  it('generates secrets on first start into a 0600 file and reuses them afterwards', async () => {
    const first = await loadSecrets({ dataDir, secretOverrides: {} });
    const file = path.join(dataDir, 'secrets', 'secrets.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(dataDir, 'secrets'))).mode & 0o777).toBe(0o700);
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.vaultKey).toHaveLength(32);

    const second = await loadSecrets({ dataDir, secretOverrides: {} });
    expect(second.authSecret).toBe(first.authSecret);
    expect(Buffer.from(second.vaultKey).equals(Buffer.from(first.vaultKey))).toBe(true);
    expect(Buffer.from(second.boxKeyPair.publicKey).equals(Buffer.from(first.boxKeyPair.publicKey))).toBe(
      true,
    );
  });

  it('lets the environment override each secret without writing it to disk', async () => {
    const box = nacl.box.keyPair();
    const boxSecretKey = Buffer.from(box.secretKey).toString('base64');
    const authSecret = 'x'.repeat(40);
    const secrets = await loadSecrets({ dataDir, secretOverrides: { authSecret, boxSecretKey } });
    expect(secrets.authSecret).toBe(authSecret);
    expect(Buffer.from(secrets.boxKeyPair.publicKey).equals(Buffer.from(box.publicKey))).toBe(true);
    const stored = await readFile(path.join(dataDir, 'secrets', 'secrets.json'), 'utf8');
    expect(stored).not.toContain(authSecret);
    expect(stored).not.toContain(boxSecretKey);
  });
});

describe('secrets all from the environment', () => {
  it('are used as given, and nothing is read from or written to DATA_DIR', async () => {
    const box = nacl.box.keyPair();
    const vaultKey = Buffer.alloc(32, 7).toString('base64');
    const secrets = await loadSecrets({
      dataDir,
      secretOverrides: {
        authSecret: 'y'.repeat(40),
        vaultKey,
        boxSecretKey: Buffer.from(box.secretKey).toString('base64'),
      },
    });
    expect(secrets.authSecret).toBe('y'.repeat(40));
    expect(Buffer.from(secrets.vaultKey).toString('base64')).toBe(vaultKey);
    expect(Buffer.from(secrets.boxKeyPair.publicKey).equals(Buffer.from(box.publicKey))).toBe(true);
    expect(await readdir(dataDir)).toEqual([]);
  });
});
