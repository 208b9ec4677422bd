/** Ids over the sandbox's seeded randomness (../random.ts). */
import { seededRandom } from '../random.ts';

export { hashSeed as hashString, type Random, seededRandom } from '../random.ts';

/** A UUID-shaped id (version 4 layout) that is a pure function of `seed`. */
export function seededUuid(seed: string): string {
  const random = seededRandom(`uuid:${seed}`);
  const hex = Array.from({ length: 32 }, () => random.int(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = ((random.int(0, 3) & 0x3) | 0x8).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}
