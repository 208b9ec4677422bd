import { describe, expect, it } from 'vitest';
import {
  deleteResourceRequestSchema,
  getUserResourcesQuerySchema,
  hasResourceUserInfo,
  RESOURCE_LIMITS,
  resourceMessages,
  resourceTitle,
  savedResourceTitle,
  storeResourceRequestSchema,
} from './resources.ts';

describe('resourceTitle (docs/product/chat.md, "Resource display title")', () => {
  it("uses the first container block's title", () => {
    const objects = [
      { type: 'content', title: 'A titled block', content: 'text' },
      {
        type: 'container',
        title: 'Monthly spending',
        content_blocks: [{ type: 'pie', title: 'By category' }],
      },
      { type: 'container', title: 'Second container', content_blocks: [] },
    ];
    expect(resourceTitle(objects)).toBe('Monthly spending');
  });

  it('finds a container nested inside another container', () => {
    const objects = [
      {
        type: 'container',
        content_blocks: [{ type: 'container', title: 'Inner', content_blocks: [] }],
      },
    ];
    expect(resourceTitle(objects)).toBe('Inner');
  });

  it('skips containers without a title, then uses the first block with a title', () => {
    const objects = [
      {
        type: 'container',
        title: '   ',
        content_blocks: [
          { type: 'content', content: 'Spending went up this month by a lot' },
          { type: 'bar', title: 'Cash flow' },
          { type: 'table', title: 'Transactions' },
        ],
      },
    ];
    expect(resourceTitle(objects)).toBe('Cash flow');
  });

  it('falls back to the first line of a content block, whole when 30 characters or fewer', () => {
    const exactly30 = 'a'.repeat(30);
    expect(resourceTitle([{ type: 'content', content: `${exactly30}\nsecond line` }])).toBe(exactly30);
    expect(resourceTitle([{ type: 'content', content: '\n\n  Your balance  \nmore' }])).toBe('Your balance');
  });

  it("cuts a first line over 30 characters to 27 plus '...'", () => {
    const line = 'Your spending rose 12% compared with last month';
    expect(resourceTitle([{ type: 'container', content_blocks: [{ type: 'content', content: line }] }])).toBe(
      'Your spending rose 12% comp...',
    );
    const title = resourceTitle([{ type: 'content', content: 'b'.repeat(31) }]);
    expect(title).toBe(`${'b'.repeat(27)}...`);
    expect(title).toHaveLength(30);
  });

  it('counts characters, not UTF-16 units, when cutting', () => {
    const line = '💰'.repeat(31);
    expect(resourceTitle([{ type: 'content', content: line }])).toBe(`${'💰'.repeat(27)}...`);
  });

  it("answers 'Untitled Resource' when nothing gives a title", () => {
    expect(resourceTitle([])).toBe('Untitled Resource');
    expect(resourceTitle([{ type: 'pie', labels: ['a'], values: [1] }])).toBe('Untitled Resource');
    expect(resourceTitle([{ type: 'content', content: '  \n ' }])).toBe('Untitled Resource');
    expect(resourceTitle([{ type: 'table', content: 'not a content block' }])).toBe('Untitled Resource');
    expect(resourceTitle(null)).toBe('Untitled Resource');
    expect(resourceTitle(['text', 42, null])).toBe('Untitled Resource');
    expect(resourceMessages.untitled).toBe('Untitled Resource');
  });

  it('ignores titles that are not strings', () => {
    expect(
      resourceTitle([
        { type: 'container', title: 42, content_blocks: [{ type: 'line', title: 'Net worth' }] },
      ]),
    ).toBe('Net worth');
  });

  it('bounds an absurdly long container title', () => {
    const title = resourceTitle([{ type: 'container', title: 'x'.repeat(5000) }]);
    expect(title).toHaveLength(RESOURCE_LIMITS.titleMax);
    expect(title.endsWith('...')).toBe(true);
  });

  it('survives a hostile, deeply nested document', () => {
    let nested: Record<string, unknown> = { type: 'container', title: 'deep' };
    for (let i = 0; i < 1000; i++) nested = { type: 'container', content_blocks: [nested] };
    expect(() => resourceTitle([nested])).not.toThrow();
  });
});

const validStore = {
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  thread_id: 'thread-1',
  query_id: 'query-1',
  dsl_objects: [{ id: 'query-1', type: 'container', title: 'T', content_blocks: [] }],
};

describe('store-resource payload', () => {
  it('accepts the required payload (docs/product/chat.md, "Stored resource payload"), with optional id and client times', () => {
    expect(storeResourceRequestSchema.safeParse(validStore).success).toBe(true);
    const full = {
      ...validStore,
      resource_id: 'res_1',
      timestamp: '2025-01-02T03:04:05.000Z',
      created_at: 1735787045000,
    };
    expect(storeResourceRequestSchema.parse(full).resource_id).toBe('res_1');
  });

  it('requires user info (the required message of docs/product/chat.md, "Saving and forking", is exported)', () => {
    expect(resourceMessages.missingUserInfo).toBe('Cannot store resource without user info.');
    for (const key of ['username', 'firstName', 'lastName'] as const) {
      expect(hasResourceUserInfo({ ...validStore, [key]: '  ' })).toBe(false);
      const { [key]: _removed, ...rest } = validStore;
      expect(hasResourceUserInfo(rest)).toBe(false);
      expect(storeResourceRequestSchema.safeParse(rest).success).toBe(false);
    }
    expect(hasResourceUserInfo(validStore)).toBe(true);
    expect(hasResourceUserInfo(null)).toBe(false);
  });

  it('refuses empty, oversized or non-object visualization lists', () => {
    const parse = (dsl_objects: unknown) =>
      storeResourceRequestSchema.safeParse({ ...validStore, dsl_objects });
    expect(parse([]).success).toBe(false);
    expect(parse('nope').success).toBe(false);
    expect(parse([1, 2]).success).toBe(false);
    expect(
      parse(Array.from({ length: RESOURCE_LIMITS.maxObjects + 1 }, () => ({ type: 'card' }))).success,
    ).toBe(false);
    expect(parse(Array.from({ length: RESOURCE_LIMITS.maxObjects }, () => ({ type: 'card' }))).success).toBe(
      true,
    );
    expect(parse([{ type: 'content', content: 'x'.repeat(RESOURCE_LIMITS.maxDslBytes) }]).success).toBe(
      false,
    );
  });

  it('checks visualizations against the DSL contract, keeping unknown block types', () => {
    const parse = (dsl_objects: unknown) =>
      storeResourceRequestSchema.safeParse({ ...validStore, dsl_objects });
    const withUnknown = [{ type: 'container', content_blocks: [{ type: 'sparkline', points: [1, 2] }] }];
    const parsed = parse(withUnknown);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.dsl_objects).toEqual(withUnknown);
    const badPie = parse([{ type: 'container', content_blocks: [{ type: 'pie', values: 'lots' }] }]);
    expect(badPie.success).toBe(false);
    expect(badPie.error?.issues[0]?.path.slice(0, 2)).toEqual(['dsl_objects', 0]);
    expect(badPie.error?.issues[0]?.message).toBe('is not a valid visualization');
  });

  it('refuses a hostile, deeply nested document without overflowing the stack', () => {
    let nested: Record<string, unknown> = { type: 'container', content_blocks: [] };
    for (let i = 0; i < 20_000; i++) nested = { type: 'container', content_blocks: [nested] };
    const result = storeResourceRequestSchema.safeParse({ ...validStore, dsl_objects: [nested] });
    expect(result.success).toBe(false);
  });

  it('refuses ids with characters outside the safe set', () => {
    expect(storeResourceRequestSchema.safeParse({ ...validStore, resource_id: 'a/b' }).success).toBe(false);
    expect(storeResourceRequestSchema.safeParse({ ...validStore, thread_id: '' }).success).toBe(false);
    expect(
      deleteResourceRequestSchema.safeParse({ ...validStore, resource_id: 'x'.repeat(200) }).success,
    ).toBe(false);
  });
});

describe('get-user-resources query', () => {
  it('reads the page size from the query string and bounds it', () => {
    expect(getUserResourcesQuerySchema.parse({ username: 'ada', limit: '10' }).limit).toBe(10);
    expect(getUserResourcesQuerySchema.safeParse({ username: 'ada', limit: '0' }).success).toBe(false);
    expect(getUserResourcesQuerySchema.safeParse({ username: 'ada', limit: '101' }).success).toBe(false);
    expect(getUserResourcesQuerySchema.safeParse({ username: 'ada', cursor: 'a b' }).success).toBe(false);
  });
});

describe('savedResourceTitle (decision 0018): what and when', () => {
  const container = (title: string, subtitle?: string) => ({
    type: 'container',
    title,
    ...(subtitle === undefined ? {} : { subtitle }),
    content_blocks: [{ type: 'content', content: 'x' }],
  });

  it("adds when the figures are from: 'Holdings · Nov 26, 2026', 'Spending by category · October 2026'", () => {
    expect(savedResourceTitle([container('Holdings', 'Nov 26, 2026')])).toBe('Holdings · Nov 26, 2026');
    expect(savedResourceTitle([container('Spending by category', 'October 2026')])).toBe(
      'Spending by category · October 2026',
    );
  });

  it('is the display title alone without a subtitle, or when the title already says it', () => {
    expect(savedResourceTitle([container('Monthly spending')])).toBe('Monthly spending');
    expect(savedResourceTitle([container('October 2026 spending', 'October 2026')])).toBe(
      'October 2026 spending',
    );
    expect(savedResourceTitle([])).toBe(resourceTitle([]));
  });
});
