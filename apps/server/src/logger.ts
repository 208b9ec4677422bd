import { type Logger, pino } from 'pino';

export type { Logger };

/** Paths whose values never reach a log line, wherever they appear in a logged object. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'res.headers["set-auth-token"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.accessToken',
  '*.access_token',
  '*.refreshToken',
  '*.secret',
  '*.secretKey',
  '*.user_secret',
  '*.authSecret',
  '*.vaultKey',
  'password',
  'token',
  'secret',
];

export function createLogger(options: { level: string; destination?: pino.DestinationStream }): Logger {
  return pino(
    {
      level: options.level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      base: { service: 'penny' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    options.destination,
  );
}

/** Hides one-time tokens carried in a path (reset links, verification links) before it is logged. */
export function redactPath(pathWithQuery: string): string {
  return pathWithQuery
    .replace(/(\/reset-password\/)[^/?#]+/g, '$1[redacted]')
    .replace(/([?&](?:token|access_token|code)=)[^&#]*/gi, '$1[redacted]');
}

/**
 * What of an error may be logged: its name and message, and for a failed database query the query
 * text and the driver's own message, never the parameters (emails, names, hashes, documents) that
 * Drizzle puts in its message. The stack stays, since it names only our code.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { name: typeof error };
  const query = (error as { query?: unknown }).query;
  const cause = error.cause instanceof Error ? error.cause : undefined;
  if (typeof query === 'string') {
    return {
      name: error.name,
      query: query.slice(0, 500),
      cause: cause
        ? { name: cause.name, message: cause.message, code: (cause as { code?: unknown }).code }
        : undefined,
      // Only the frames: Drizzle's message (parameters included) spans the stack's first lines.
      stack: error.stack
        ?.split('\n')
        .filter((line) => line.trimStart().startsWith('at '))
        .slice(0, 8)
        .join('\n'),
    };
  }
  // A wrapper around a failed query (Better Auth's adapter errors): the query rules apply to its cause.
  const wrapsQuery = cause && typeof (cause as { query?: unknown }).query === 'string';
  return {
    name: error.name,
    message: wrapsQuery ? undefined : error.message,
    cause: cause
      ? wrapsQuery
        ? loggableError(cause)
        : { name: cause.name, message: cause.message }
      : undefined,
    stack: error.stack
      ?.split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
  };
}
