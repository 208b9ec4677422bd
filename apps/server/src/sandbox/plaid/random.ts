/** A small seeded PRNG (mulberry32): the fake's data is a pure function of its seed. */
export type Random = {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** Uniform in [min, max). */
  between(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
};

export function hashSeed(text: string): number {
  // FNV-1a, then a murmur-style finalizer so nearby seeds diverge.
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

export function createRandom(seed: string): Random {
  let state = hashSeed(seed);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    between: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new RangeError('pick from an empty list');
      return item;
    },
  };
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * A 37-character base62 id (Plaid's item, account and transaction id format), stable for its input.
 * Two independently seeded streams give 64 bits of state, so ids within an item do not collide; a
 * cryptographic hash is not needed (these are not secrets) and would dominate the generator's time.
 */
export function stableId(input: string): string {
  const first = createRandom(input);
  const second = createRandom(`${input}\u0001`);
  let id = '';
  for (let index = 0; index < 37; index++) {
    const stream = index % 2 === 0 ? first : second;
    id += BASE62[Math.floor(stream.next() * 62)];
  }
  return id;
}

/** An unguessable 37-character base62 id (item ids). */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(37));
  let id = '';
  for (const byte of bytes) id += BASE62[byte % 62];
  return id;
}
