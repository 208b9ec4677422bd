import { describe, expect, it } from 'vitest';
import { parseRecoveryHash, recoveryTarget } from './recovery.ts';

describe('parseRecoveryHash', () => {
  it.each([
    ['#type=recovery&token=abc', 'abc'],
    ['#access_token=abc&expires_in=3600&type=recovery', 'abc'],
    ['#token_hash=abc&type=Recovery', 'abc'],
    ['#recovery', null],
    ['#recovery=abc', 'abc'],
    ['#recovery&token=abc', 'abc'],
    ['#/recovery?token=abc', 'abc'],
    ['#/reset?type=recovery&token=abc', 'abc'],
  ])('recognises %s', (hash, token) => {
    expect(parseRecoveryHash(hash)).toEqual({ token });
  });

  it.each(['', '#', '#main', '#token=abc', '#type=signup&token=abc', '#recovered'])('ignores %j', (hash) => {
    expect(parseRecoveryHash(hash)).toBeNull();
  });
});

describe('recoveryTarget', () => {
  it('keeps the token as a query parameter', () => {
    expect(recoveryTarget({ token: 'a b&c' })).toBe('/reset-password?token=a+b%26c');
    expect(recoveryTarget({ token: null })).toBe('/reset-password');
  });
});
