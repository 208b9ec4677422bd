import { z } from 'zod';
import { safeString } from './text.ts';

export const LIMITS = {
  username: { min: 3, max: 30 },
  name: { max: 100 },
  email: { max: 254 },
} as const;

/**
 * The username/firstName/lastName the required payloads carry (docs/product/chat.md,
 * "Roles and permissions"). They are never identity: the server checks them against the session user and
 * answers 403 on a mismatch.
 */
export const userIdentitySchema = z.object({
  username: safeString().trim().min(1).max(LIMITS.email.max),
  firstName: safeString().trim().max(LIMITS.name.max).optional(),
  lastName: safeString().trim().max(LIMITS.name.max).optional(),
});
export type UserIdentity = z.infer<typeof userIdentitySchema>;

export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
});
