/**
 * Whether a failed query broke the unique index `indexName` (PostgreSQL's 23505), on either driver:
 * node-postgres and PGlite put the code on the error, drizzle wraps it as the cause.
 */
export function isUniqueViolation(error: unknown, indexName: string): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const fields = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (fields.code === '23505') {
      return fields.constraint === indexName || String(fields.message ?? '').includes(indexName);
    }
    current = fields.cause;
  }
  return false;
}
