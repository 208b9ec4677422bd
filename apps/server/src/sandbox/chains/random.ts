import { type Random, seededRandom as sharedRandom } from '../random.ts';

/**
 * A small seeded PRNG for the chain fakes: every value is a pure function of a seed string, so the same
 * address on the same day gives the same wallet, byte for byte.
 */

/** cyrb53: a fast 53-bit string hash, good enough to spread seeds (not cryptographic). */
export function hashString(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

export type { Random } from '../random.ts';

/** The sandbox's mulberry32 over this module's cyrb53 hash (keeps the chain fakes' data as it was). */
export function seededRandom(seed: string): Random {
  return sharedRandom(seed, hashString);
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
