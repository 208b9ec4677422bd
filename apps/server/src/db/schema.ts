import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

// Better Auth's four tables (user, session, account, verification), with the username plugin's columns
// and the spec's sign-up fields. Better Auth addresses them by the TypeScript keys below.
export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    username: text('username'),
    displayUsername: text('display_username'),
    firstName: text('first_name'),
    middleName: text('middle_name'),
    lastName: text('last_name'),
    phoneNumber: text('phone_number'),
    country: text('country'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    mfaSetupCompleted: boolean('mfa_setup_completed').notNull().default(false),
    agreedToTerms: boolean('agreed_to_terms').notNull().default(false),
    agreedToPrivacy: boolean('agreed_to_privacy').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    // Case-insensitive uniqueness is the real guard against two sign-ups racing for one name.
    uniqueIndex('user_email_lower_idx').on(sql`lower(${table.email})`),
    uniqueIndex('user_username_lower_idx').on(sql`lower(${table.username})`),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (table) => [index('session_user_id_idx').on(table.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (table) => [index('account_user_id_idx').on(table.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('verification_identifier_idx').on(table.identifier)],
);

/** The user's data container: created when the account is, kept by Delete Data, gone with the account. */
export const profile = pgTable('profile', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  userInfo: jsonb('user_info').$type<Record<string, unknown>>().notNull().default({}),
  preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
  ...timestamps,
});

/** A visualization the user saved (spec 2, "Stored resource payload"). */
export const resource = pgTable(
  'resource',
  {
    // Unique per user, not globally: a client-chosen id must not tell whether another user holds it.
    id: text('id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    threadId: text('thread_id'),
    queryId: text('query_id'),
    title: text('title'),
    dslObjects: jsonb('dsl_objects').$type<unknown[]>().notNull(),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    index('resource_user_created_idx').on(table.userId, table.createdAt),
  ],
);

/** Mail the embedded mode "sent" (no SMTP): listed at /dev/outbox, kept across restarts. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('outbox_recipient_idx').on(table.recipient, table.createdAt)],
);

export const schema = { user, session, account, verification, profile, resource, outbox };
export type Schema = typeof schema;

/**
 * Fingerprints of keys that data at rest depends on (`vault`: HMAC of VAULT_KEY, never the key). Kept in
 * the database beside the data they protect, so a start with another key is refused before it can
 * write anything the old key cannot read. See docs/decisions/0005-mail-modes-and-key-checks.md.
 */
export const keyCheck = pgTable('key_check', {
  name: text('name').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Usernames held back without an account row: a sign-up that names an already registered email
 * creates no user, so its username is reserved here instead. Both paths then leave the same trace
 * (the name is taken), and the username check cannot tell whether the email exists.
 */
export const usernameReservation = pgTable('username_reservation', {
  username: text('username').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
