import { describe, expect, it } from 'vitest';
import { trustedOrigins } from './auth.ts';

describe('trustedOrigins', () => {
  it('trusts both loopback names of a local install', () => {
    expect(trustedOrigins('http://localhost:3000')).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
    ]);
    expect(trustedOrigins('http://127.0.0.1:4100')).toEqual([
      'http://127.0.0.1:4100',
      'http://localhost:4100',
    ]);
  });

  it('trusts only the public origin of a real deployment', () => {
    expect(trustedOrigins('https://penny.example.com')).toEqual(['https://penny.example.com']);
  });
});
