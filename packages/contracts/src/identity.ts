import { z } from 'zod';
import { LIMITS } from './api.ts';

/** POST /db/database-setup, sent right after sign-up (spec 1, "Data service"). */
export const databaseSetupRequestSchema = z.object({
  username: z.string().trim().min(LIMITS.username.min).max(LIMITS.username.max),
  firstName: z.string().trim().min(1).max(LIMITS.name.max),
  middleName: z.string().trim().max(LIMITS.name.max).nullable().optional(),
  lastName: z.string().trim().min(1).max(LIMITS.name.max),
  phoneNumber: z.string().trim().max(32).optional(),
  country: z.string().trim().max(100).optional(),
  dateOfBirth: z.iso.date().optional(),
});
export type DatabaseSetupRequest = z.infer<typeof databaseSetupRequestSchema>;

export const databaseSetupResponseSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  error: z.string().optional(),
});
export type DatabaseSetupResponse = z.infer<typeof databaseSetupResponseSchema>;
