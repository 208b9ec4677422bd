import { z } from 'zod';
import { LIMITS } from './api.ts';
import { keysetCursorSchema } from './cursor.ts';
import { dslObjectSchema } from './dsl.ts';
import { safeString } from './text.ts';

/**
 * Saved resources (docs/product/chat.md, "Resources", "Stored resource payload" and "Resource display
 * title"): a visualization the user keeps, stored by POST /db/store-resource and listed, read and
 * deleted through /db/get-user-resources, /db/get-resource/{id} and /db/delete-resource.
 */

/**
 * The required strings for saving, listing, viewing and deleting resources (docs/product/chat.md,
 * "Resources", "Saving a resource" and "Resource errors"), quoted exactly.
 */
export const resourceMessages = {
  missingUserInfo: 'Cannot store resource without user info.',
  notFound: 'Resource not found',
  // Saving from a result card.
  saveAction: 'Save this visualization to resources',
  savedTitle: 'Saved!',
  savedDescription: 'Resource saved',
  saveFailedTitle: 'Save Failed',
  storeFailed: 'Failed to store resource',
  // Resources page.
  header: 'Saved Resources',
  emptyTitle: 'No saved resources yet',
  emptyHint: 'Save visualizations from your chats to see them here',
  /** Followed by the failure's message, e.g. 'Failed to load resources: HTTP 500: Internal Server Error'. */
  listFailedPrefix: 'Failed to load resources: ',
  deletedTitle: 'Deleted',
  deletedDescription: 'Resource removed.',
  deleteFailed: 'Failed to delete resource.',
  // Viewer.
  selectPrompt: 'Select a resource to view its contents.',
  loading: 'Loading resource...',
  noVisualization: 'No visualization data found in resource',
  noData: 'No resource data available.',
  /** Followed by the failure's message. */
  loadFailedPrefix: 'Failed to load resource: ',
  forkFromResource: 'Start a new chat from this resource',
  // Forking (the chat issue wires the real call; until then the action says it cannot).
  forkFromResult: 'Start a new chat from this',
  forkUnavailable: 'Cannot start a new chat from here.',
  untitled: 'Untitled Resource',
} as const;

/**
 * The visualization panel's words (docs/product/chat.md, "Visualization area" and "Visualization errors").
 */
export const visualizationPanelMessages = {
  empty: 'Ask a question to see AI-generated insights and visualizations.',
  loading: 'Generating insights...',
  /**
   * Ours: docs/product/chat.md, "Progress steps", says a patience message appears after 15 s but does not
   * give its words.
   */
  patience: 'This is taking a little longer than usual. Thanks for your patience.',
  errorFallback: 'Error generating visuals',
  errorToastTitle: 'Visualization Error',
} as const;

/**
 * The required "patience message after 15 s" (chat and visualizations; docs/product/chat.md,
 * "Progress steps").
 */
export const PATIENCE_AFTER_MS = 15_000;

/** Toast lifetimes of docs/product/chat.md, "Error catalogue", in milliseconds. */
export const RESOURCE_TOAST_MS = {
  saved: 2000,
  saveFailed: 3000,
  listFailed: 3000,
  deleted: 4000,
  deleteFailed: 4000,
  loadFailed: 4000,
  visualizationError: 4000,
} as const;

export const RESOURCE_LIMITS = {
  /** Visualization objects in one resource. */
  maxObjects: 200,
  /** UTF-8 bytes of the serialized `dsl_objects` (the sealed body must still fit MAX_BODY_BYTES). */
  maxDslBytes: 512 * 1024,
  /** Ids, thread ids and query ids. */
  maxIdLength: 128,
  /** Resources per page of GET /db/get-user-resources. */
  defaultPageSize: 50,
  maxPageSize: 100,
  /**
   * The required title truncation (docs/product/chat.md, "Resource display title"): a content line over 30
   * characters is cut to 27 plus '...'.
   */
  titleLineMax: 30,
  titleLineCut: 27,
  /**
   * Not in the requirements (docs/product/chat.md, "Resource display title"): a container title is kept whole
   * up to this length so lists stay bounded.
   */
  titleMax: 200,
} as const;

const idSchema = safeString()
  .trim()
  .min(1)
  .max(RESOURCE_LIMITS.maxIdLength)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'may contain only letters, digits and _ . : -');

/** A resource id as the server hands it out and accepts it back. */
export const resourceIdSchema = idSchema;

const clientTimeSchema = z.union([z.iso.datetime({ offset: true }), z.number().int().nonnegative()]);

function utf8Length(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value) ?? '').length;
}

/** How deeply containers may nest in a stored resource (the DSL nests one level in practice). */
const MAX_NESTING = 16;

function nestingDepth(objects: readonly unknown[]): number {
  // Iterative, so a hostile document cannot exhaust the stack before it is refused.
  let deepest = 0;
  const stack: Array<{ value: unknown; depth: number }> = objects.map((value) => ({ value, depth: 1 }));
  while (stack.length > 0) {
    const { value, depth } = stack.pop() as { value: unknown; depth: number };
    deepest = Math.max(deepest, depth);
    if (depth > MAX_NESTING) break;
    const blocks =
      typeof value === 'object' && value !== null
        ? (value as { content_blocks?: unknown }).content_blocks
        : null;
    if (Array.isArray(blocks)) for (const child of blocks) stack.push({ value: child, depth: depth + 1 });
  }
  return deepest;
}

/**
 * A resource's `dsl_objects`: 1 to 200 objects of the visualization DSL (dsl.ts: known block types
 * well typed, unknown types kept), at most 512 KB serialized and 16 levels deep.
 */
export const dslObjectsPayloadSchema = z
  .array(z.record(z.string(), z.unknown()))
  .min(1, 'must hold at least one visualization')
  .max(RESOURCE_LIMITS.maxObjects, `must hold at most ${RESOURCE_LIMITS.maxObjects} visualizations`)
  .superRefine((objects, ctx) => {
    if (nestingDepth(objects) > MAX_NESTING) {
      ctx.addIssue({ code: 'custom', message: `must not nest deeper than ${MAX_NESTING} levels` });
      return;
    }
    if (utf8Length(objects) > RESOURCE_LIMITS.maxDslBytes) {
      ctx.addIssue({ code: 'custom', message: `must be at most ${RESOURCE_LIMITS.maxDslBytes / 1024} KB` });
      return;
    }
    objects.forEach((object, index) => {
      const parsed = dslObjectSchema.safeParse(object);
      if (parsed.success) return;
      const path = [index, ...(parsed.error.issues[0]?.path ?? [])].filter(
        (key): key is string | number => typeof key !== 'symbol',
      );
      ctx.addIssue({ code: 'custom', path, message: 'is not a valid visualization' });
    });
  });

const userNameField = safeString().trim().min(1);
/**
 * A name every stored resource must carry: missing or blank is the required sentence (docs/product/chat.md,
 * "Saving and forking").
 */
const requiredUserName = safeString({ error: () => resourceMessages.missingUserInfo })
  .trim()
  .min(1, resourceMessages.missingUserInfo);

/** The user info every resource payload carries; compared with the session, never a lookup key. */
export const resourceUserInfoSchema = z.object({
  username: requiredUserName.max(LIMITS.email.max),
  firstName: requiredUserName.max(LIMITS.name.max),
  lastName: requiredUserName.max(LIMITS.name.max),
});
export type ResourceUserInfo = z.infer<typeof resourceUserInfoSchema>;

/**
 * True when a payload names its user (username, firstName and lastName all non-blank). Saving is
 * refused without them (docs/product/chat.md, "Saving and forking"):
 * 'Cannot store resource without user info.'
 */
export function hasResourceUserInfo(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (['username', 'firstName', 'lastName'] as const).every(
    (key) => typeof record[key] === 'string' && (record[key] as string).trim().length > 0,
  );
}

/** POST /db/store-resource ("Stored resource payload"). */
export const storeResourceRequestSchema = resourceUserInfoSchema.extend({
  /** Optional client-made id: storing twice with the same id keeps one resource. */
  resource_id: idSchema.optional(),
  thread_id: idSchema,
  query_id: idSchema,
  dsl_objects: dslObjectsPayloadSchema,
  /** The client's clock (ISO time or epoch ms); the server records its own time. */
  timestamp: clientTimeSchema.optional(),
  created_at: clientTimeSchema.optional(),
});
export type StoreResourceRequest = z.infer<typeof storeResourceRequestSchema>;

export const storeResourceResponseSchema = z.object({
  success: z.boolean(),
  resource_id: z.string().optional(),
  error: z.string().optional(),
});
export type StoreResourceResponse = z.infer<typeof storeResourceResponseSchema>;

/** GET /db/get-user-resources?username&firstName&lastName[&limit][&cursor] */
export const getUserResourcesQuerySchema = z.object({
  username: userNameField.max(LIMITS.email.max),
  firstName: safeString().trim().max(LIMITS.name.max).optional(),
  lastName: safeString().trim().max(LIMITS.name.max).optional(),
  limit: z.coerce.number().int().min(1).max(RESOURCE_LIMITS.maxPageSize).optional(),
  /** `next_cursor` of the previous page. */
  cursor: keysetCursorSchema.optional(),
});
export type GetUserResourcesQuery = z.infer<typeof getUserResourcesQuerySchema>;

export const resourceSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  /**
   * ISO time the resource was saved (read from `timestamp` or `created_at`: docs/product/chat.md,
   * "Stored resource payload").
   */
  timestamp: z.string(),
  created_at: z.string(),
  thread_id: z.string().nullable(),
  query_id: z.string().nullable(),
});
export type ResourceSummary = z.infer<typeof resourceSummarySchema>;

export const getUserResourcesResponseSchema = z.object({
  success: z.boolean(),
  /** Newest first. */
  resources: z.array(resourceSummarySchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable().optional(),
  error: z.string().optional(),
});
export type GetUserResourcesResponse = z.infer<typeof getUserResourcesResponseSchema>;

/** GET /db/get-resource/{id}?username&firstName&lastName */
export const getResourceQuerySchema = getUserResourcesQuerySchema.pick({
  username: true,
  firstName: true,
  lastName: true,
});
export type GetResourceQuery = z.infer<typeof getResourceQuerySchema>;

export const storedResourceSchema = resourceSummarySchema.extend({
  dsl_objects: z.array(z.unknown()),
});
export type StoredResource = z.infer<typeof storedResourceSchema>;

export const getResourceResponseSchema = z.object({
  success: z.boolean(),
  resource: storedResourceSchema.optional(),
  error: z.string().optional(),
});
export type GetResourceResponse = z.infer<typeof getResourceResponseSchema>;

/** POST /db/delete-resource */
export const deleteResourceRequestSchema = z.object({
  username: userNameField.max(LIMITS.email.max),
  firstName: userNameField.max(LIMITS.name.max),
  lastName: userNameField.max(LIMITS.name.max),
  resource_id: idSchema,
});
export type DeleteResourceRequest = z.infer<typeof deleteResourceRequestSchema>;

export const deleteResourceResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
});
export type DeleteResourceResponse = z.infer<typeof deleteResourceResponseSchema>;

// --- Resource display title -------------------------------------------------------------------

type LooseBlock = {
  type?: unknown;
  title?: unknown;
  subtitle?: unknown;
  content?: unknown;
  content_blocks?: unknown;
};

function asBlock(value: unknown): LooseBlock | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as LooseBlock) : null;
}

/** Every block in document order: each object, then the blocks inside it (depth first). */
function* walk(objects: readonly unknown[], depth = 0): Generator<LooseBlock> {
  // The DSL nests containers one level in practice; the bound only stops hostile documents.
  if (depth > 16) return;
  for (const value of objects) {
    const block = asBlock(value);
    if (!block) continue;
    yield block;
    if (Array.isArray(block.content_blocks)) yield* walk(block.content_blocks, depth + 1);
  }
}

function nonBlank(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed.length > 0 ? trimmed : null;
}

function cut(text: string, max: number, keep: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, keep).join('')}...` : text;
}

/**
 * The resource display title (docs/product/chat.md, "Resource display title"): the first container block's
 * title, else the first block with a title, else the first line of a content block (cut to 27 characters plus
 * '...' when over 30), else 'Untitled Resource'. Blocks are read in document order, including blocks inside
 * containers.
 */
export function resourceTitle(dslObjects: unknown): string {
  const objects = Array.isArray(dslObjects) ? dslObjects : [dslObjects];
  const blocks = [...walk(objects)];
  const containerTitle = blocks.find((b) => b.type === 'container' && nonBlank(b.title) !== null);
  const titled = containerTitle ?? blocks.find((b) => nonBlank(b.title) !== null);
  if (titled) {
    const title = nonBlank(titled.title) as string;
    return cut(title, RESOURCE_LIMITS.titleMax, RESOURCE_LIMITS.titleMax - 3);
  }
  for (const block of blocks) {
    if (block.type !== 'content') continue;
    const line =
      typeof block.content === 'string'
        ? nonBlank(block.content.split(/\r?\n/).find((l) => nonBlank(l)))
        : null;
    if (line) return cut(line, RESOURCE_LIMITS.titleLineMax, RESOURCE_LIMITS.titleLineCut);
  }
  return resourceMessages.untitled;
}

/**
 * A saved resource's title (decision 0018): the display title above and, when the first container says
 * when its figures are from (its subtitle, which the agent sets: 'October 2026', 'Nov 26, 2026'), ' · ' and
 * that: 'Holdings · Nov 26, 2026', 'Spending by category · October 2026'. Without a subtitle, the display
 * title alone.
 */
export function savedResourceTitle(dslObjects: unknown): string {
  const title = resourceTitle(dslObjects);
  const objects = Array.isArray(dslObjects) ? dslObjects : [dslObjects];
  const container = [...walk(objects)].find((block) => block.type === 'container');
  const when = nonBlank(container?.subtitle);
  if (!when || title.includes(when)) return title;
  return cut(`${title} · ${when}`, RESOURCE_LIMITS.titleMax, RESOURCE_LIMITS.titleMax - 3);
}
