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
