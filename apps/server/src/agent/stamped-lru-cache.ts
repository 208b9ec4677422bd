/**
 * One value per key, kept while its stamp is current: a read with another stamp loads the value again.
 * Past `capacity` keys, the least recently used one is dropped. A Map keeps keys in insertion order,
 * so re-inserting a key on every use keeps the oldest use first.
 */
export type StampedLruCache<V> = {
  get(key: string, stamp: string): Promise<V>;
};

export function createStampedLruCache<V>(options: {
  capacity: number;
  load: (key: string) => Promise<V>;
}): StampedLruCache<V> {
  const entries = new Map<string, { stamp: string; value: V }>();
  const use = (key: string, entry: { stamp: string; value: V }) => {
    entries.delete(key);
    entries.set(key, entry);
  };
  return {
    async get(key, stamp) {
      const cached = entries.get(key);
      if (cached?.stamp === stamp) {
        use(key, cached);
        return cached.value;
      }
      const value = await options.load(key);
      use(key, { stamp, value });
      if (entries.size > options.capacity) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      return value;
    },
  };
}
