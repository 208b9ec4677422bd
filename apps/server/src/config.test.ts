import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, withSandboxKeys } from './config.ts';
import { deriveSandboxKeys } from './secrets/index.ts';

describe('loadConfig', () => {
  it('defaults to the embedded mode with nothing configured', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./.data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.requireEncryptedBodies).toBe(true);
  });

  it('reads production settings', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://penny@db.internal:5432/penny',
      PUBLIC_URL: 'https://penny.example.com/',
      REQUIRE_ENCRYPTED_BODIES: 'false',
    });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe('postgres://penny@db.internal:5432/penny');
    expect(config.publicUrl).toBe('https://penny.example.com');
    expect(config.requireEncryptedBodies).toBe(false);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('fails fast with a message naming every bad variable', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', REQUIRE_ENCRYPTED_BODIES: 'maybe' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('Invalid configuration');
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('REQUIRE_ENCRYPTED_BODIES');
  });

  it('refuses a short AUTH_SECRET', () => {
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET must be at least 32 characters/);
  });
});

describe('mobile app links', () => {
  it('are published only when a deep link is configured', () => {
    expect(loadConfig({}).mobileApp).toBeUndefined();
    expect(
      loadConfig({
        APP_DEEP_LINK: 'penny://open',
        APP_STORE_URL_IOS: 'https://apps.apple.com/app/penny/id1',
      }).mobileApp,
    ).toEqual({ deepLink: 'penny://open', iosStoreUrl: 'https://apps.apple.com/app/penny/id1' });
  });
});

describe('mail mode', () => {
  const errorOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      return error;
    }
    return undefined;
  };

  it('is SMTP when SMTP_URL is set, and the dev outbox otherwise outside production', () => {
    expect(loadConfig({}).mail.mode).toBe('outbox');
    expect(loadConfig({ NODE_ENV: 'test' }).mail.mode).toBe('outbox');
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example:587' }).mail.mode).toBe('smtp');
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' }).mail.mode).toBe(
      'smtp',
    );
  });

  it('refuses to start in production without SMTP unless log-only mail is chosen explicitly', () => {
    const error = errorOf({ NODE_ENV: 'production' });
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('SMTP_URL');
    expect((error as Error).message).toContain('MAIL_MODE=log');
    expect(loadConfig({ NODE_ENV: 'production', MAIL_MODE: 'log' }).mail.mode).toBe('log');
  });

  it('never runs the dev outbox in production, and SMTP mode needs its server', () => {
    const outbox = errorOf({ NODE_ENV: 'production', MAIL_MODE: 'outbox' });
    expect(outbox).toBeInstanceOf(ConfigError);
    expect((outbox as Error).message).toContain('MAIL_MODE=outbox is for development only');
    const smtp = errorOf({ MAIL_MODE: 'smtp' });
    expect(smtp).toBeInstanceOf(ConfigError);
    expect((smtp as Error).message).toContain('MAIL_MODE=smtp needs SMTP_URL');
    expect((errorOf({ MAIL_MODE: 'pigeon' }) as Error).message).toContain('MAIL_MODE');
  });
});

describe('secret sources', () => {
  const secrets = {
    AUTH_SECRET: 'a'.repeat(40),
    VAULT_KEY: Buffer.alloc(32, 1).toString('base64'),
    BOX_SECRET_KEY: Buffer.alloc(32, 2).toString('base64'),
  };
  const production = { NODE_ENV: 'production', MAIL_MODE: 'log' };

  it('in production: all three from the environment, or none', () => {
    expect(loadConfig({ ...production, ...secrets }).secretOverrides).toEqual({
      authSecret: secrets.AUTH_SECRET,
      vaultKey: secrets.VAULT_KEY,
      boxSecretKey: secrets.BOX_SECRET_KEY,
    });
    expect(loadConfig(production).secretOverrides).toEqual({});
  });

  it('in production refuses a mix of environment and generated secrets, naming what is missing', () => {
    expect(() => loadConfig({ ...production, VAULT_KEY: secrets.VAULT_KEY })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, VAULT_KEY: secrets.VAULT_KEY })).toThrow(
      /Set: VAULT_KEY; missing: AUTH_SECRET, BOX_SECRET_KEY/,
    );
    expect(() => loadConfig({ ...production, ...secrets, BOX_SECRET_KEY: '' })).toThrow(
      /missing: BOX_SECRET_KEY/,
    );
  });

  it('outside production a partial override is allowed (the rest is generated)', () => {
    expect(loadConfig({ AUTH_SECRET: secrets.AUTH_SECRET }).secretOverrides).toEqual({
      authSecret: secrets.AUTH_SECRET,
    });
  });
});

describe('sandbox vendor keys', () => {
  const keys = (authSecret: string) => deriveSandboxKeys(authSecret);

  it('are this installation’s own: derived from its AUTH_SECRET, none of them in the source', () => {
    const config = loadConfig({});
    expect(config.providers.generatedKeys).toEqual({ plaid: true, snaptrade: true });
    const mine = withSandboxKeys(config.providers, keys('a'.repeat(43)));
    const theirs = withSandboxKeys(config.providers, keys('b'.repeat(43)));
    expect(mine.plaid?.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mine.snaptrade?.consumerKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mine.plaid?.secret).not.toBe(theirs.plaid?.secret);
    expect(mine.snaptrade?.consumerKey).not.toBe(theirs.snaptrade?.consumerKey);
    expect(mine.plaid?.secret).not.toBe(mine.snaptrade?.consumerKey);
    expect(withSandboxKeys(config.providers, keys('a'.repeat(43)))).toEqual(mine);
    for (const old of ['penny-sandbox-secret', 'penny-sandbox-consumer-key']) {
      expect([mine.plaid?.secret, mine.snaptrade?.consumerKey]).not.toContain(old);
    }
  });

  it('come from the environment when given there, as the real vendors’ keys do, both of a pair', () => {
    const config = loadConfig({
      PLAID_CLIENT_ID: 'my-plaid-id',
      PLAID_SECRET: 'my-plaid-secret',
      SNAPTRADE_CLIENT_ID: 'MY-SNAPTRADE',
      SNAPTRADE_CONSUMER_KEY: 'my-consumer-key',
    });
    const providers = withSandboxKeys(config.providers, keys('a'.repeat(43)));
    expect(providers.mode).toBe('sandbox');
    expect(providers.plaid).toMatchObject({ clientId: 'my-plaid-id', secret: 'my-plaid-secret' });
    expect(providers.snaptrade).toMatchObject({ clientId: 'MY-SNAPTRADE', consumerKey: 'my-consumer-key' });
    expect(() => loadConfig({ PLAID_SECRET: 'only-half' })).toThrow(ConfigError);
    expect(() => loadConfig({ SNAPTRADE_CLIENT_ID: 'only-half' })).toThrow(/PROVIDERS=sandbox needs/);
  });
});
