/** Plaid-shaped ids over the sandbox's seeded randomness (../random.ts). */
import { seededRandom } from '../random.ts';

export { hashSeed, type Random, seededRandom as createRandom } from '../random.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * A 37-character base62 id (Plaid's item, account and transaction id format), stable for its input.
 * Two independently seeded streams give 64 bits of state, so ids within an item do not collide; a
 * cryptographic hash is not needed (these are not secrets) and would dominate the generator's time.
 */
export function stableId(input: string): string {
  const first = seededRandom(input);
  const second = seededRandom(`${input}\u0001`);
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
