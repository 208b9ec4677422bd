import { describe, expect, it } from 'vitest';
import { isSafeRedirectTarget } from './redirect-target.ts';

const trusted = ['http://localhost:3000', 'http://127.0.0.1:3000'];

describe('isSafeRedirectTarget', () => {
  it.each([
    '/signin?verified=1',
    '/reset-password',
    '/',
    'http://localhost:3000/signin?verified=1',
    'http://127.0.0.1:3000/reset-password',
  ])('accepts our own page %s', (target) => {
    expect(isSafeRedirectTarget(target, trusted)).toBe(true);
  });

  it.each([
    '/..//evil.example/login',
    '//evil.example/login',
    '/\\evil.example',
    '\\\\evil.example',
    '/./..//evil.example',
    '/%2e%2e//evil.example',
    'https://evil.example/signin',
    'http://localhost:3001/signin',
    'javascript:alert(1)',
    'data:text/html,hi',
    '/signin\u0000',
    '/sign\nin',
    '',
    'x'.repeat(3000),
  ])('refuses %j', (target) => {
    expect(isSafeRedirectTarget(target, trusted)).toBe(false);
  });
});
