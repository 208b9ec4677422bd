import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createTestApp, testDatabaseKinds } from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { composeServices } from '../compose.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { checkVaultKey, VaultKeyMismatchError, vaultKeyFingerprint } from './index.ts';

const newKey = () => new Uint8Array(randomBytes(32));

function capturingLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger({ level: 'info', destination }), text: () => lines.join('') };
}

describe.each(testDatabaseKinds())('the vault key check (%s)', (kind) => {
  it('records the key on first start, accepts it again, and refuses any other key', async () => {
    const t = await createTestApp({ database: kind });
    try {
      const vaultKey = t.secrets.vaultKey;
      const rows = await t.rows<{ name: string; fingerprint: string }>(
        sql`select name, fingerprint from key_check`,
      );
      expect(rows).toEqual([{ name: 'vault', fingerprint: vaultKeyFingerprint(vaultKey) }]);
      // A fingerprint, not the key.
      expect(rows[0]?.fingerprint).not.toContain(Buffer.from(vaultKey).toString('base64'));
      expect(rows[0]?.fingerprint).not.toContain(Buffer.from(vaultKey).toString('base64url'));
      expect(rows[0]?.fingerprint).not.toContain(Buffer.from(vaultKey).toString('hex'));

      const log = capturingLogger();
      const options = { acceptNew: false, logger: log.logger };
      await expect(checkVaultKey(t.database.db, vaultKey, options)).resolves.toBeUndefined();
      const other = newKey();
      const refusal = checkVaultKey(t.database.db, other, options);
      await expect(refusal).rejects.toBeInstanceOf(VaultKeyMismatchError);
      await expect(refusal).rejects.toThrow(/VAULT_KEY is not the key this database has used since/);
      await expect(refusal).rejects.toThrow(/ACCEPT_NEW_VAULT_KEY=true/);

      // The operator's explicit choice: the new key becomes the one, the old one is refused from now on.
      await checkVaultKey(t.database.db, other, { acceptNew: true, logger: log.logger });
      expect(log.text()).toContain('ACCEPT_NEW_VAULT_KEY: recorded a new vault key');
      await expect(checkVaultKey(t.database.db, other, options)).resolves.toBeUndefined();
      await expect(checkVaultKey(t.database.db, vaultKey, options)).rejects.toBeInstanceOf(
        VaultKeyMismatchError,
      );
    } finally {
      await t.close();
    }
  });
});

describe('starting over an existing data folder', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('refuses to start when VAULT_KEY goes missing and the generated key would silently take over', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'penny-vault-'));
    dirs.push(dataDir);
    const logger = createLogger({ level: 'silent' });
    const vaultKey = Buffer.from(newKey()).toString('base64');
    const start = async (env: Record<string, string>) => {
      const services = await composeServices(
        loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }),
        logger,
      );
      await services.close();
    };

    await start({ VAULT_KEY: vaultKey });
    const refused = start({});
    await expect(refused).rejects.toBeInstanceOf(VaultKeyMismatchError);
    await expect(refused).rejects.toThrow(/set VAULT_KEY back to the previous key/);
    // Put back, it starts again; an explicit choice also starts, and records the generated key.
    await expect(start({ VAULT_KEY: vaultKey })).resolves.toBeUndefined();
    await expect(start({ ACCEPT_NEW_VAULT_KEY: 'true' })).resolves.toBeUndefined();
    await expect(start({})).resolves.toBeUndefined();
    await expect(start({ VAULT_KEY: vaultKey })).rejects.toBeInstanceOf(VaultKeyMismatchError);
  });
});
