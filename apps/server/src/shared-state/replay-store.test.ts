import { describe, expect, it } from 'vitest';
import { createMemoryReplayStore, ReplayQuotaError, ReplayStoreFullError } from './replay-store.ts';

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('createMemoryReplayStore', () => {
  it('admits an id once while it is remembered', async () => {
    const time = clock();
    const store = createMemoryReplayStore({ now: time.now });
    expect(await store.claim('a', 1_000, 'client')).toBe(true);
    expect(await store.claim('a', 1_000, 'client')).toBe(false);
    expect(await store.claim('b', 1_000, 'client')).toBe(true);
  });

  it('forgets an id once its ttl has passed', async () => {
    const time = clock();
    const store = createMemoryReplayStore({ now: time.now });
    await store.claim('a', 1_000, 'client');
    time.advance(999);
    expect(await store.claim('a', 1_000, 'client')).toBe(false);
    time.advance(1);
    expect(await store.claim('a', 1_000, 'client')).toBe(true);
  });

  it('is atomic for concurrent claims of one id', async () => {
    const store = createMemoryReplayStore();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => store.claim('same', 60_000, 'client')),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('stays bounded: sweeps expired ids and fails closed rather than evicting live ones', async () => {
    const time = clock();
    const store = createMemoryReplayStore({ maxEntries: 3, now: time.now });
    for (const id of ['a', 'b', 'c']) expect(await store.claim(id, 1_000, 'client')).toBe(true);
    await expect(store.claim('d', 1_000, 'client')).rejects.toBeInstanceOf(ReplayStoreFullError);
    // Live ids are still refused as replays, never forgotten to make room.
    expect(await store.claim('a', 1_000, 'client')).toBe(false);
    time.advance(1_000);
    expect(await store.claim('d', 1_000, 'client')).toBe(true);
    expect(store.size).toBe(1);
  });

  it('sweeps expired ids that sit behind a longer-lived one when full', async () => {
    const time = clock();
    const store = createMemoryReplayStore({ maxEntries: 3, now: time.now });
    await store.claim('long', 10_000, 'client');
    await store.claim('short-1', 100, 'client');
    await store.claim('short-2', 100, 'client');
    time.advance(2_000);
    expect(await store.claim('new', 100, 'client')).toBe(true);
    expect(store.size).toBe(2);
  });

  it('holds memory flat under a stream of unique ids', async () => {
    const time = clock();
    const store = createMemoryReplayStore({ maxEntries: 10_000, maxPerOwner: 10_000, now: time.now });
    let admitted = 0;
    for (let i = 0; i < 50_000; i++) {
      if (await store.claim(`id-${i}`, 240_000, 'client')) admitted++;
      time.advance(25); // 40 claims per second: at most 9,600 ids live at once.
    }
    expect(admitted).toBe(50_000);
    expect(store.size).toBeLessThanOrEqual(9_601);
  });

  it('refuses a non-positive bound', () => {
    expect(() => createMemoryReplayStore({ maxEntries: 0 })).toThrow(RangeError);
  });

  it('keeps each client to its share, so one flooding client cannot fill the store for others', async () => {
    const time = clock();
    const store = createMemoryReplayStore({ maxEntries: 100, maxPerOwner: 10, now: time.now });
    for (let i = 0; i < 10; i++) expect(await store.claim(`flood-${i}`, 60_000, 'mallory')).toBe(true);
    await expect(store.claim('flood-10', 60_000, 'mallory')).rejects.toBeInstanceOf(ReplayQuotaError);
    expect(await store.claim('honest', 60_000, 'ada')).toBe(true);
    time.advance(60_001);
    expect(await store.claim('flood-11', 60_000, 'mallory')).toBe(true);
  });
});
