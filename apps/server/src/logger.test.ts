import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from './db/index.ts';
import { createLogger, loggableError } from './logger.ts';

describe('loggableError', () => {
  it('keeps the query text and the driver’s message of a failed query, never its parameters', async () => {
    const database = await connectDatabase({ kind: 'pglite' });
    let failure: unknown;
    try {
      await database.db.execute(
        sql`select * from no_such_table where email = ${'ada@example.com'} and name = ${'Ada Lovelace'}`,
      );
    } catch (error) {
      failure = error;
    } finally {
      await database.close();
    }
    expect(failure).toBeInstanceOf(DrizzleQueryError);
    const lines: string[] = [];
    const logger = createLogger({
      level: 'error',
      destination: new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    });
    logger.error({ err: loggableError(failure) }, 'unhandled error');
    // Wrapped by a library that quotes the query error in its own message: the same rules hold.
    const wrapped = new Error(`adapter failed: ${(failure as Error).message}`, { cause: failure });
    logger.error({ err: loggableError(wrapped) }, 'unhandled error');
    const text = lines.join('');
    expect(text).toContain('no_such_table');
    expect(text).not.toContain('ada@example.com');
    expect(text).not.toContain('Ada Lovelace');
  });

  it('keeps the name and message of any other error', () => {
    expect(loggableError(new RangeError('too deep'))).toMatchObject({
      name: 'RangeError',
      message: 'too deep',
    });
    expect(loggableError('a string')).toEqual({ name: 'string' });
  });
});
