import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalUrl = z.url().optional();

/** Environment variables Penny reads. Every default is the embedded mode: nothing to configure. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  VAULT_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, 'VAULT_KEY must be 32 bytes, base64-encoded')
    .optional(),
  BOX_SECRET_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, 'BOX_SECRET_KEY must be 32 bytes, base64-encoded')
    .optional(),
  REQUIRE_ENCRYPTED_BODIES: booleanFromEnv.default(true),
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  TERMS_URL: z.string().default('/legal/terms.html'),
  PRIVACY_URL: z.string().default('/legal/privacy.html'),
  SMTP_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  APP_DEEP_LINK: z.string().min(1).optional(),
  APP_STORE_URL_IOS: optionalUrl,
  APP_STORE_URL_ANDROID: optionalUrl,
  COUNTRIES_SERVICE_ORIGIN: z.url().default('https://restcountries.com'),
  MAIL_FROM: z.string().min(3).optional(),
  MAIL_MAX_PER_RECIPIENT: z.coerce.number().int().min(1).default(5),
  MAIL_MAX_PER_HOUR: z.coerce.number().int().min(1).default(200),
  AUTH_RATE_LIMIT: booleanFromEnv.optional(),
  CLIENT_IP_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'CLIENT_IP_HEADER must be a header name, e.g. x-forwarded-for')
    .optional(),
  WEB_DIST_DIR: z.string().optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  secretOverrides: { authSecret?: string; vaultKey?: string; boxSecretKey?: string };
  requireEncryptedBodies: boolean;
  maxBodyBytes: number;
  shutdownTimeoutMs: number;
  legal: { termsUrl: string; privacyUrl: string };
  smtpUrl: string | undefined;
  /** Shared state (replay cache, auth rate limits) for several instances; in memory when unset. */
  redisUrl: string | undefined;
  /** Native app links offered to mobile visitors; undefined when no app is configured. */
  mobileApp: { deepLink: string; iosStoreUrl?: string; androidStoreUrl?: string } | undefined;
  /** Origin the sign-up form may fetch the live country list from (allowed by the CSP). */
  countriesServiceOrigin: string;
  mail: {
    /** Sender of verification and reset emails. */
    from: string;
    /** At most this many emails to one address per 10 minutes. */
    maxPerRecipient: number;
    /** At most this many emails in total per hour. */
    maxPerHour: number;
  };
  /** Better Auth's per-IP limits and the per-account sign-in backoff; off by default when NODE_ENV=test. */
  authRateLimit: boolean;
  /**
   * Header a trusted reverse proxy puts the client address in (x-forwarded-for: its last hop). Unset:
   * the socket's address, and any client-sent forwarding header is ignored.
   */
  clientIpHeader: string | undefined;
  webDistDir: string;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Turns the environment into a typed config; throws a readable ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings in the environment mean "not set", as most shells and .env files intend.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const secretOverrides: Config['secretOverrides'] = {};
  if (e.AUTH_SECRET) secretOverrides.authSecret = e.AUTH_SECRET;
  if (e.VAULT_KEY) secretOverrides.vaultKey = e.VAULT_KEY;
  if (e.BOX_SECRET_KEY) secretOverrides.boxSecretKey = e.BOX_SECRET_KEY;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    secretOverrides,
    requireEncryptedBodies: e.REQUIRE_ENCRYPTED_BODIES,
    maxBodyBytes: e.MAX_BODY_BYTES,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    legal: { termsUrl: e.TERMS_URL, privacyUrl: e.PRIVACY_URL },
    smtpUrl: e.SMTP_URL,
    redisUrl: e.REDIS_URL,
    mobileApp: e.APP_DEEP_LINK
      ? {
          deepLink: e.APP_DEEP_LINK,
          ...(e.APP_STORE_URL_IOS ? { iosStoreUrl: e.APP_STORE_URL_IOS } : {}),
          ...(e.APP_STORE_URL_ANDROID ? { androidStoreUrl: e.APP_STORE_URL_ANDROID } : {}),
        }
      : undefined,
    countriesServiceOrigin: new URL(e.COUNTRIES_SERVICE_ORIGIN).origin,
    mail: {
      from: e.MAIL_FROM ?? `Penny <no-reply@${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}>`,
      maxPerRecipient: e.MAIL_MAX_PER_RECIPIENT,
      maxPerHour: e.MAIL_MAX_PER_HOUR,
    },
    authRateLimit: e.AUTH_RATE_LIMIT ?? e.NODE_ENV !== 'test',
    clientIpHeader: e.CLIENT_IP_HEADER?.toLowerCase(),
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}
