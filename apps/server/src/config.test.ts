import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
