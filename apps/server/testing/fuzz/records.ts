// Typed reads of values whose shape is not known (generated bodies, answers, Better Auth's API object).

/** A value read by key: any non-null object, arrays included. */
export type Indexable = Record<string | number, unknown>;

export const isIndexable = (value: unknown): value is Indexable =>
  value !== null && typeof value === 'object';

/** A property of any value, undefined where it has none (Better Auth's endpoints are functions carrying theirs). */
export function propertyOf(value: unknown, key: string): unknown {
  const holds = (typeof value === 'object' && value !== null) || typeof value === 'function';
  return holds ? Reflect.get(value, key) : undefined;
}
