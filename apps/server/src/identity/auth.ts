import { drizzleAdapter } from '@better-auth/drizzle-adapter';
import { betterAuth } from 'better-auth';
import { bearer, username } from 'better-auth/plugins';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { tables } from '../db/index.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/index.ts';
import type { Secrets } from '../secrets/index.ts';

export const SESSION_INACTIVITY_SECONDS = 30 * 60;
export const SESSION_REFRESH_SECONDS = 5 * 60;
/** Better Auth has no absolute lifetime; the session middleware enforces this one. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;

export type AuthDeps = {
  config: Pick<Config, 'publicUrl' | 'env'>;
  database: DatabaseHandle;
  secrets: Pick<Secrets, 'authSecret'>;
  mailer: Mailer;
  logger: Logger;
};

export function createAuth({ config, database, secrets, mailer, logger }: AuthDeps) {
  return betterAuth({
    appName: 'Penny',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: secrets.authSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(database.db, {
      provider: 'pg',
      schema: tables.schema,
      // PGlite has a single connection: a transaction would deadlock any query made beside it.
      transaction: !database.singleConnection,
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: 'Reset your Penny password',
          text: `Open this link to choose a new password: ${url}`,
          link: url,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 3600,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: 'Confirm your Penny account',
          text: `Open this link to activate your account: ${url}`,
          link: url,
        });
      },
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false },
        middleName: { type: 'string', required: false },
        lastName: { type: 'string', required: false },
        phoneNumber: { type: 'string', required: false },
        country: { type: 'string', required: false },
        dateOfBirth: { type: 'string', required: false },
        agreedToTerms: { type: 'boolean', required: false, defaultValue: false },
        agreedToPrivacy: { type: 'boolean', required: false, defaultValue: false },
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
          // The data container exists from the moment the account does (the spec calls database-setup
          // before the user can hold a session, so the server cannot wait for that call).
          after: async (created) => {
            await database.db
              .insert(tables.profile)
              .values({ userId: created.id })
              .onConflictDoNothing({ target: tables.profile.userId });
          },
        },
      },
    },
    plugins: [username(), bearer()],
    rateLimit: { enabled: config.env !== 'test' },
    logger: {
      log: (level, message, ...args) => {
        // Database errors carry the query's parameters (emails, password hashes): log only the cause.
        const error = args.find((arg): arg is Error => arg instanceof Error);
        const cause = error?.cause instanceof Error ? error.cause.message : error?.name;
        logger[level]({ component: 'auth', cause }, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
