import { z } from 'zod';
import { isIsoDate } from '../days.ts';

/** The transactions webhooks the fake sends (Plaid's older codes from /sandbox/item/fire_webhook only). */
export const TRANSACTIONS_WEBHOOK_CODES = [
  'SYNC_UPDATES_AVAILABLE',
  'DEFAULT_UPDATE',
  'HISTORICAL_UPDATE',
  'INITIAL_UPDATE',
] as const;
export type TransactionsWebhookCode = (typeof TRANSACTIONS_WEBHOOK_CODES)[number];

/**
 * The item webhooks /sandbox/item/fire_webhook fires (webhook_type ITEM): ERROR is ITEM_LOGIN_REQUIRED;
 * PENDING_EXPIRATION (the item's consent ends in 7 days, as Plaid warns a week ahead) is this fake's
 * addition to Plaid's list, whose sandbox cannot fire it.
 */
export const ITEM_WEBHOOK_CODES = ['ERROR', 'NEW_ACCOUNTS_AVAILABLE', 'PENDING_EXPIRATION'] as const;
export type ItemWebhookCode = (typeof ITEM_WEBHOOK_CODES)[number];

/** The fake Plaid API's request bodies (Plaid answers bad input with INVALID_REQUEST, never a 500). */

/** No NUL bytes (PostgreSQL text cannot hold them) and a sane length. */
const text = (max = 1000) =>
  z
    .string()
    .max(max)
    .refine((value) => !value.includes('\u0000'), 'must not contain NUL characters');
const accessToken = text(200);
const isoDate = text(10).refine(isIsoDate, 'must be a date in YYYY-MM-DD format');

export const schemas = {
  linkTokenCreate: z.looseObject({
    client_name: text(30),
    language: text(10),
    country_codes: z.array(text(2)).min(1).max(20),
    user: z.looseObject({ client_user_id: text(128).min(1) }),
    products: z.array(text(40)).max(20).optional(),
    access_token: accessToken.optional(),
    update: z.looseObject({ account_selection_enabled: z.boolean().optional() }).optional(),
    webhook: text(2000)
      .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), 'must be an http(s) URL')
      .optional(),
  }),
  linkTokenGet: z.looseObject({ link_token: text(200) }),
  sandboxPublicTokenCreate: z.looseObject({
    institution_id: text(50),
    initial_products: z.array(text(40)).min(1).max(20),
    options: z
      .looseObject({ override_username: text(100).optional(), override_password: text(100).optional() })
      .optional(),
  }),
  linkPublicToken: z.looseObject({
    link_token: text(200),
    institution_id: text(50),
    username: text(100),
    password: text(100),
    account_ids: z.array(text(50)).max(20).optional(),
  }),
  publicTokenExchange: z.looseObject({ public_token: text(200) }),
  accessToken: z.looseObject({ access_token: accessToken }),
  accountsGet: z.looseObject({
    access_token: accessToken,
    options: z.looseObject({ account_ids: z.array(text(50)).max(50).optional() }).optional(),
  }),
  transactionsSync: z.looseObject({
    access_token: accessToken,
    cursor: text(256).optional(),
    count: z.int().min(1).max(500).optional(),
  }),
  transactionsCreate: z.looseObject({
    access_token: accessToken,
    transactions: z
      .array(
        z.looseObject({
          date_transacted: isoDate,
          date_posted: isoDate,
          amount: z.number().finite().min(-1_000_000).max(1_000_000),
          description: text(200).min(1),
          iso_currency_code: text(3).optional(),
        }),
      )
      .min(1)
      .max(10),
  }),
  setScenario: z.looseObject({
    access_token: accessToken,
    scenario: z.enum(['rate_limited', 'upstream_down', 'timeout', 'fail_after_pages']).nullable(),
    pages: z.int().min(0).max(10_000).optional(),
    delay_ms: z.int().min(0).max(120_000).optional(),
  }),
  webhookVerificationKeyGet: z.looseObject({ key_id: text(200) }),
  fireWebhook: z.union([
    z.looseObject({
      access_token: accessToken,
      webhook_type: z.literal('TRANSACTIONS').optional(),
      webhook_code: z.enum(TRANSACTIONS_WEBHOOK_CODES),
    }),
    z.looseObject({
      access_token: accessToken,
      webhook_type: z.literal('ITEM'),
      webhook_code: z.enum(ITEM_WEBHOOK_CODES),
    }),
  ]),
  advance: z.looseObject({ access_token: accessToken, days: z.int().min(1).max(365).optional() }),
} satisfies Record<string, z.ZodType>;
