import { resourceIdSchema } from '@penny/contracts';
import { describe, expect, it } from 'vitest';
import { queryIdOfResult, resourceIdForResult, safeThreadId } from './result-id.ts';

describe('result ids', () => {
  it('finds the original query id inside a result id', () => {
    expect(queryIdOfResult('query-1735787045000-x7k2p')).toBe('query-1735787045000-x7k2p');
    expect(queryIdOfResult('viz:query-1735787045000-x7k2p:fork')).toBe('query-1735787045000-x7k2p');
    expect(queryIdOfResult('container_7')).toBe('container_7');
    expect(queryIdOfResult(42)).toBe('42');
  });

  it('never sends an id the server would refuse', () => {
    for (const odd of ['has spaces/and slashes', '<script>', 'x'.repeat(500), '', undefined, null, {}]) {
      expect(resourceIdSchema.safeParse(queryIdOfResult(odd)).success).toBe(true);
      expect(resourceIdSchema.safeParse(safeThreadId(typeof odd === 'string' ? odd : null)).success).toBe(
        true,
      );
      expect(resourceIdSchema.safeParse(resourceIdForResult('t', { id: odd })).success).toBe(true);
    }
  });

  it('gives one resource id per card and thread, and different ones otherwise', () => {
    const card = { id: 'query-1', type: 'container', content_blocks: [] };
    expect(resourceIdForResult('thread-a', card)).toBe(resourceIdForResult('thread-a', { ...card }));
    expect(resourceIdForResult('thread-a', card)).not.toBe(resourceIdForResult('thread-b', card));
    expect(resourceIdForResult('thread-a', card)).not.toBe(
      resourceIdForResult('thread-a', { ...card, id: 'query-2' }),
    );
    const idless = { type: 'container', title: 'A', content_blocks: [] };
    expect(resourceIdForResult('t', idless)).not.toBe(resourceIdForResult('t', { ...idless, title: 'B' }));
  });
});
