import { describe, expect, it } from 'vitest';
import { createSignInGuard, SIGN_IN_GUARD } from './sign-in-guard.ts';

describe('per-account sign-in backoff', () => {
  const setup = () => {
    const clock = { now: 1_000_000 };
    return { clock, guard: createSignInGuard({ now: () => clock.now }) };
  };

  it('allows a few failures, then makes each further one wait twice as long, up to a cap', () => {
    const { clock, guard } = setup();
    for (let i = 0; i < SIGN_IN_GUARD.freeFailures - 1; i++) guard.recordFailure('ada@example.com');
    expect(guard.waitFor('ada@example.com')).toBe(0);
    guard.recordFailure('ada@example.com');
    expect(guard.waitFor('ada@example.com')).toBe(SIGN_IN_GUARD.baseDelayMs);
    clock.now += SIGN_IN_GUARD.baseDelayMs;
    expect(guard.waitFor('ada@example.com')).toBe(0);
    guard.recordFailure('ada@example.com');
    expect(guard.waitFor('ada@example.com')).toBe(2 * SIGN_IN_GUARD.baseDelayMs);
    for (let i = 0; i < 20; i++) guard.recordFailure('ada@example.com');
    expect(guard.waitFor('ada@example.com')).toBe(SIGN_IN_GUARD.maxDelayMs);
  });

  it('ignores case and spacing in the address, and keeps accounts apart', () => {
    const { guard } = setup();
    for (let i = 0; i < SIGN_IN_GUARD.freeFailures; i++) guard.recordFailure(' Ada@Example.com ');
    expect(guard.waitFor('ada@example.com')).toBeGreaterThan(0);
    expect(guard.waitFor('bob@example.com')).toBe(0);
  });

  it('forgets failures after a success or a long quiet spell', () => {
    const { clock, guard } = setup();
    for (let i = 0; i < SIGN_IN_GUARD.freeFailures; i++) guard.recordFailure('ada@example.com');
    guard.recordSuccess('ada@example.com');
    expect(guard.waitFor('ada@example.com')).toBe(0);
    for (let i = 0; i < SIGN_IN_GUARD.freeFailures + 3; i++) guard.recordFailure('bob@example.com');
    clock.now += SIGN_IN_GUARD.forgetAfterMs + 1;
    expect(guard.waitFor('bob@example.com')).toBe(0);
    guard.recordFailure('bob@example.com');
    expect(guard.waitFor('bob@example.com')).toBe(0);
  });
});
