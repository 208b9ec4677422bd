import { drizzleAdapter } from '@better-auth/drizzle-adapter';
import {
  IDENTITY_LIMITS,
  identityMessages,
  LIMITS,
  signUpFieldsSchema,
  signUpRequestSchema,
} from '@penny/contracts';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { bearer, username } from 'better-auth/plugins';
import { and, eq, like } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { tables } from '../db/index.ts';
import { type Logger, loggableError } from '../logger.ts';
import { existingAccountMail, type Mailer, resetPasswordMail, verificationMail } from '../mail/index.ts';
import type { Secrets } from '../secrets/index.ts';
import { betterAuthRateLimitStorage, type RateLimiter } from '../shared-state/index.ts';
import { INTERNAL_CLIENT_IP_HEADER } from './client-ip.ts';

export const SESSION_INACTIVITY_SECONDS = IDENTITY_LIMITS.sessionInactivityMs / 1000;
export const SESSION_REFRESH_SECONDS = IDENTITY_LIMITS.sessionRefreshMs / 1000;
/**
 * Better Auth has no absolute lifetime; the session middleware (/db, /agent) and the auth gateway
 * (/api/auth) enforce this one on every authenticated surface.
 */
export const SESSION_ABSOLUTE_LIFETIME_MS = IDENTITY_LIMITS.sessionAbsoluteMs;

/** True once a session created at `createdAt` has outlived the absolute lifetime. */
export function isPastAbsoluteLifetime(createdAt: Date | string, now: number): boolean {
  return now - new Date(createdAt).getTime() > SESSION_ABSOLUTE_LIFETIME_MS;
}
export const RESET_TOKEN_SECONDS = 30 * 60;
export const VERIFICATION_TOKEN_SECONDS = 60 * 60;

/**
 * Per-IP limits on the endpoints worth attacking (see docs/decisions/0004-identity.md). Windows in
 * seconds. Better Auth measures a window from the latest request, so a steady stream stays blocked.
 */
export const AUTH_RATE_LIMITS = {
  '/sign-in/email': { window: 300, max: 30 },
  '/sign-up/email': { window: 300, max: 15 },
  '/request-password-reset': { window: 300, max: 10 },
  '/send-verification-email': { window: 300, max: 10 },
  '/is-username-available': { window: 60, max: 30 },
} as const;

export type AuthDeps = {
  config: Pick<Config, 'publicUrl' | 'env' | 'authRateLimit'>;
  database: DatabaseHandle;
  secrets: Pick<Secrets, 'authSecret'>;
  mailer: Mailer;
  logger: Logger;
  /** Counters for Better Auth's per-address limits (memory, or Redis across instances): atomic. */
  rateLimiter: RateLimiter;
};

type BodyRecord = Record<string, unknown>;

function bodyOf(ctx: { body?: unknown }): BodyRecord {
  return ctx.body && typeof ctx.body === 'object' ? (ctx.body as BodyRecord) : {};
}

function usernameTaken(): APIError {
  return new APIError('BAD_REQUEST', {
    code: 'USERNAME_IS_ALREADY_TAKEN',
    message: identityMessages.signUp.usernameTaken,
  });
}

/** The first field's message, worded as the sign-up form words it (shared contracts). */
function signUpValidationError(body: BodyRecord): APIError | undefined {
  const parsed = signUpRequestSchema.safeParse(body);
  if (parsed.success) return undefined;
  return new APIError('BAD_REQUEST', {
    code: 'VALIDATION_ERROR',
    message: parsed.error.issues[0]?.message ?? 'Invalid sign-up request.',
  });
}

const fields = signUpFieldsSchema.shape;

/** Endpoints whose JSON answers carry raw session tokens (Better Auth's defaults). */
const TOKEN_BEARING_PATHS = new Set(['/sign-in/email', '/sign-up/email', '/get-session', '/list-sessions']);

function isPlainObject(value: unknown): value is BodyRecord | BodyRecord[] {
  return typeof value === 'object' && value !== null && !(value instanceof Response) && !isAPIError(value);
}

function withoutToken(record: BodyRecord): BodyRecord {
  const { token: _token, ...rest } = record;
  return rest;
}

/** `token`, `session.token` and each listed session's `token` removed. */
function withoutSessionTokens(body: BodyRecord | BodyRecord[]): BodyRecord | BodyRecord[] {
  if (Array.isArray(body))
    return body.map((item) => (isPlainObject(item) ? withoutToken(item as BodyRecord) : item));
  const out: BodyRecord = 'token' in body ? { ...withoutToken(body), token: null } : { ...body };
  if (isPlainObject(out.session) && !Array.isArray(out.session)) out.session = withoutToken(out.session);
  return out;
}

/**
 * The public URL, plus its loopback alias when it is a loopback address: the default
 * http://localhost:3000 is also reached as http://127.0.0.1:3000, and sign-in must work on both.
 */
export function trustedOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const aliases: Record<string, string> = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' };
  const alias = aliases[url.hostname];
  if (!alias) return [url.origin];
  const other = new URL(url.origin);
  other.hostname = alias;
  return [url.origin, other.origin];
}

export function createAuth({ config, database, secrets, mailer, logger, rateLimiter }: AuthDeps) {
  const signInUrl = `${config.publicUrl}/signin`;

  return betterAuth({
    appName: 'Penny',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: secrets.authSecret,
    trustedOrigins: trustedOrigins(config.publicUrl),
    database: drizzleAdapter(database.db, {
      provider: 'pg',
      schema: tables.schema,
      // PGlite has a single connection: a transaction would deadlock any query made beside it.
      transaction: !database.singleConnection,
    }),
    // Sign-in is by email only (docs/product/identity.md, "Authentication service"); fewer doors to guard.
    disabledPaths: ['/sign-in/username'],
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: IDENTITY_LIMITS.passwordMin,
      maxPasswordLength: IDENTITY_LIMITS.passwordMax,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // Mail goes out in the background so the answer takes as long for unknown addresses as for
      // known ones; the mailer throttles per recipient and overall.
      sendResetPassword: async ({ user, url }) => {
        mailer.queue(resetPasswordMail({ to: user.email, name: firstNameOf(user), url }));
      },
      // Using one reset link spends every other one the account holds.
      onPasswordReset: async ({ user }) => {
        await database.db
          .delete(tables.verification)
          .where(
            and(
              like(tables.verification.identifier, 'reset-password:%'),
              eq(tables.verification.value, user.id),
            ),
          );
      },
      onExistingUserSignUp: async ({ user }) => {
        mailer.queue(existingAccountMail({ to: user.email, name: firstNameOf(user), signInUrl }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_TOKEN_SECONDS,
      sendVerificationEmail: async ({ user, url }) => {
        mailer.queue(verificationMail({ to: user.email, name: firstNameOf(user), url }));
      },
    },
    user: {
      additionalFields: {
        // Validated with the same contracts as the sign-up form, on sign-up and on /update-user.
        firstName: { type: 'string', required: true, validator: { input: fields.firstName } },
        middleName: { type: 'string', required: false, validator: { input: fields.middleName } },
        lastName: { type: 'string', required: true, validator: { input: fields.lastName } },
        phoneNumber: { type: 'string', required: true, validator: { input: fields.phoneNumber } },
        country: { type: 'string', required: true, validator: { input: fields.country } },
        dateOfBirth: { type: 'string', required: true, validator: { input: fields.dateOfBirth } },
        agreedToTerms: { type: 'boolean', required: true, validator: { input: fields.agreedToTerms } },
        agreedToPrivacy: { type: 'boolean', required: true, validator: { input: fields.agreedToPrivacy } },
        // Server-owned: always false at creation, never writable from a request.
        mfaSetupCompleted: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    session: {
      expiresIn: SESSION_INACTIVITY_SECONDS,
      updateAge: SESSION_REFRESH_SECONDS,
    },
    databaseHooks: {
      user: {
        create: {
          // The data container exists from the moment the account does (the web app calls database-setup
          // before the user can hold a session, so the server cannot wait for that call;
          // docs/product/identity.md, "Data service").
          after: async (created) => {
            await database.db
              .insert(tables.profile)
              .values({ userId: created.id })
              .onConflictDoNothing({ target: tables.profile.userId });
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-up/email') {
          const body = bodyOf(ctx);
          const invalid = signUpValidationError(body);
          if (invalid) throw invalid;
          // Case-insensitive names: store the lowercase form and keep the typed one for display, so a
          // duplicate-email answer (built from the input) has the same values a real sign-up has.
          const typed = String(body.username).trim();
          body.username = typed.toLowerCase();
          body.displayUsername = typed;
          const existing = await ctx.context.adapter.findOne({
            model: 'user',
            where: [{ field: 'username', value: typed.toLowerCase() }],
          });
          if (existing) throw usernameTaken();
          const [reserved] = await database.db
            .select({ username: tables.usernameReservation.username })
            .from(tables.usernameReservation)
            .where(eq(tables.usernameReservation.username, typed.toLowerCase()))
            .limit(1);
          if (reserved) throw usernameTaken();
          return;
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        if (ctx.request && TOKEN_BEARING_PATHS.has(ctx.path) && isPlainObject(returned)) {
          // The bearer travels in the set-auth-token header only; bodies never repeat a session token.
          return ctx.json(withoutSessionTokens(returned));
        }
        if (
          ctx.path === '/sign-up/email' &&
          isAPIError(returned) &&
          returned.body?.code === 'FAILED_TO_CREATE_USER'
        ) {
          // Two sign-ups raced for one name and the unique index let one through: say so plainly (the
          // status stays Better Auth's 422).
          const name = bodyOf(ctx).username;
          if (typeof name !== 'string') return;
          const winner = await ctx.context.adapter.findOne({
            model: 'user',
            where: [{ field: 'username', value: name.toLowerCase() }],
          });
          if (winner) throw usernameTaken();
        }
      }),
    },
    plugins: [
      username({ minUsernameLength: LIMITS.username.min, maxUsernameLength: LIMITS.username.max }),
      bearer({ requireSignature: true }),
    ],
    rateLimit: {
      enabled: config.authRateLimit,
      customStorage: betterAuthRateLimitStorage(rateLimiter),
      customRules: AUTH_RATE_LIMITS,
    },
    advanced: {
      // The client address is resolved by our HTTP layer (socket or configured proxy header) and
      // handed over in a header that requests from outside cannot set.
      ipAddress: { ipAddressHeaders: [INTERNAL_CLIENT_IP_HEADER] },
    },
    // Errors that are not Better Auth's own reach our HTTP layer, which logs them through pino without
    // their query parameters; left to Better Auth they would go to console.error, raw.
    onAPIError: { throw: true },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const error = args.find((arg): arg is Error => arg instanceof Error);
        // The message is Better Auth's own text; anything from a request stays a separate field.
        logger[level](
          { component: 'auth', ...(error ? { err: loggableError(error) } : {}) },
          String(message),
        );
      },
    },
  });
}

function firstNameOf(user: { name?: string | null } & Record<string, unknown>): string | null {
  const first = user.firstName;
  return typeof first === 'string' && first.trim() ? first : (user.name ?? null);
}

export type Auth = ReturnType<typeof createAuth>;
