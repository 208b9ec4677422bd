import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createVault, VaultError } from './vault.ts';

const binding = { userId: 'user-1', connectionId: 'conn-1' };

describe('credential vault', () => {
  const vault = createVault(randomBytes(32));

  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const secret = 'access-sandbox-6f1c0d5e-0000-4000-8000-123456789abc';
    const sealed = vault.seal(secret, binding);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(secret);
    expect(sealed).not.toContain(Buffer.from(secret).toString('base64url').slice(0, 12));
    expect(vault.open(sealed, binding)).toBe(secret);
  });

  it('seals the same secret differently each time (fresh nonce)', () => {
    expect(vault.seal('s', binding)).not.toBe(vault.seal('s', binding));
  });

  it('refuses a sealed value moved to another connection or user', () => {
    const sealed = vault.seal('secret', binding);
    expect(() => vault.open(sealed, { ...binding, connectionId: 'conn-2' })).toThrow(VaultError);
    expect(() => vault.open(sealed, { ...binding, userId: 'user-2' })).toThrow(VaultError);
  });

  it('refuses another key, tampering and garbage', () => {
    const sealed = vault.seal('secret', binding);
    expect(() => createVault(randomBytes(32)).open(sealed, binding)).toThrow(VaultError);
    const [version, iv, body = ''] = sealed.split('.');
    const flipped = `${body.slice(0, -2)}${body.endsWith('A') ? 'B' : 'A'}${body.slice(-1)}`;
    expect(() => vault.open(`${version}.${iv}.${flipped}`, binding)).toThrow(VaultError);
    for (const bad of ['', 'v1', 'v2.a.b', 'v1..', 'v1.AAAA.AAAA', '\u0000']) {
      expect(() => vault.open(bad, binding)).toThrow(VaultError);
    }
  });
});
