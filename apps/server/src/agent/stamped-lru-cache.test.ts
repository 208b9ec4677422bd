import { describe, expect, it } from 'vitest';
import { createStampedLruCache } from './stamped-lru-cache.ts';

function counting() {
  const loads: string[] = [];
  const cache = createStampedLruCache({
    capacity: 2,
    load: async (key: string) => {
      loads.push(key);
      return `${key}#${loads.length}`;
    },
  });
  return { cache, loads };
}

describe('the stamped LRU cache', () => {
  it('keeps a value while its stamp is current and loads it again under a new stamp', async () => {
    const { cache, loads } = counting();
    expect(await cache.get('a', 's1')).toBe('a#1');
    expect(await cache.get('a', 's1')).toBe('a#1');
    expect(await cache.get('a', 's2')).toBe('a#2');
    expect(loads).toEqual(['a', 'a']);
  });

  it('drops the least recently used key past its capacity', async () => {
    const { cache, loads } = counting();
    await cache.get('a', 's');
    await cache.get('b', 's');
    await cache.get('a', 's'); // a is now the most recent: b goes first
    await cache.get('c', 's');
    await cache.get('a', 's');
    expect(loads).toEqual(['a', 'b', 'c']);
    await cache.get('b', 's');
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });
});
