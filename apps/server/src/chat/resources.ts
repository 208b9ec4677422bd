import { randomUUID } from 'node:crypto';
import {
  decodeKeysetCursor,
  encodeKeysetCursor,
  RESOURCE_LIMITS,
  type ResourceSummary,
  resourceTitle,
  type StoredResource,
  savedResourceTitle,
} from '@penny/contracts';
import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { lockUsage, readUsage, tables } from '../db/index.ts';
import { ServiceError } from '../services/errors.ts';
import { refuseOverQuota } from './quota.ts';

/**
 * Saved resources. Every function takes the session user's id and never reads or changes another
 * user's rows: an id that belongs to someone else behaves exactly like an id that does not exist.
 */

export type StoreResourceInput = {
  resourceId?: string | undefined;
  threadId: string;
  queryId: string;
  dslObjects: Array<Record<string, unknown>>;
};

export type ResourcePage = { resources: ResourceSummary[]; nextCursor: string | null };

type Row = typeof tables.resource.$inferSelect;

function toSummary(row: Pick<Row, 'id' | 'title' | 'threadId' | 'queryId' | 'createdAt'>): ResourceSummary {
  const savedAt = row.createdAt.toISOString();
  return {
    id: row.id,
    title: row.title ?? resourceTitle([]),
    timestamp: savedAt,
    created_at: savedAt,
    thread_id: row.threadId,
    query_id: row.queryId,
  };
}

export function createResourceService(db: Database) {
  const { resource } = tables;

  async function findOwned(userId: string, id: string) {
    const [row] = await db
      .select()
      .from(resource)
      .where(and(eq(resource.id, id), eq(resource.userId, userId)))
      .limit(1);
    return row ?? null;
  }

  return {
    /**
     * Stores a resource and answers its id. Ids are unique per user, so a client-given id is always
     * the user's own: storing it again (a retried save) keeps one resource, and whether another user
     * holds the same id is never consulted. A new resource past the user's quota of resources or of
     * storage is refused and not kept.
     */
    async store(userId: string, input: StoreResourceInput): Promise<string> {
      const id = input.resourceId ?? `res_${randomUUID()}`;
      return db.transaction(async (tx) => {
        await lockUsage(tx, userId);
        const inserted = await tx
          .insert(resource)
          .values({
            id,
            userId,
            threadId: input.threadId,
            queryId: input.queryId,
            title: savedResourceTitle(input.dslObjects),
            dslObjects: input.dslObjects,
            // Millisecond precision, so the keyset cursor (an ISO string) compares exactly.
            createdAt: new Date(),
          })
          .onConflictDoNothing({ target: [resource.userId, resource.id] })
          .returning({ id: resource.id });
        if (inserted.length > 0) refuseOverQuota(await readUsage(tx, userId), ['resources', 'storage']);
        return id;
      });
    },

    /** The user's resources, newest first, one page at a time. */
    async list(userId: string, options: { limit?: number | undefined; cursor?: string | undefined } = {}) {
      const limit = options.limit ?? RESOURCE_LIMITS.defaultPageSize;
      const after = options.cursor ? decodeKeysetCursor(options.cursor) : null;
      if (options.cursor && !after)
        throw new ServiceError('request:invalid', 'Invalid request: cursor: is not a valid cursor');
      const rows = await db
        .select({
          id: resource.id,
          title: resource.title,
          threadId: resource.threadId,
          queryId: resource.queryId,
          createdAt: resource.createdAt,
        })
        .from(resource)
        .where(
          and(
            eq(resource.userId, userId),
            after
              ? or(
                  lt(resource.createdAt, after.createdAt),
                  and(eq(resource.createdAt, after.createdAt), lt(resource.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(resource.createdAt), desc(resource.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const nextCursor = rows.length > limit && last ? encodeKeysetCursor(last) : null;
      return { resources: page.map(toSummary), nextCursor } satisfies ResourcePage;
    },

    /** One of the user's resources, or null (unknown and other users' ids alike). */
    async get(userId: string, id: string): Promise<StoredResource | null> {
      const row = await findOwned(userId, id);
      if (!row) return null;
      return { ...toSummary(row), dsl_objects: row.dslObjects };
    },

    /** True when the user's resource was deleted; false for unknown and other users' ids alike. */
    async remove(userId: string, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockUsage(tx, userId);
        const deleted = await tx
          .delete(resource)
          .where(and(eq(resource.id, id), eq(resource.userId, userId)))
          .returning({ id: resource.id });
        return deleted.length > 0;
      });
    },
  };
}

export type ResourceService = ReturnType<typeof createResourceService>;
