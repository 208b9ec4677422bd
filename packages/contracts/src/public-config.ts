import { z } from 'zod';

/** GET /config — the public runtime configuration the SPA reads before anything else. */
export const publicConfigSchema = z.object({
  /** X25519 public key (base64) the web app seals request bodies to. */
  boxPublicKey: z.string().min(1),
  /**
   * Bearer sent by visitors without a session ("the anonymous public token": docs/product/chat.md,
   * "Roles and permissions").
   */
  anonToken: z.string().min(1),
  requireEncryptedBodies: z.boolean(),
  /** Base URLs of the four services; same origin by default. */
  services: z.object({
    auth: z.string(),
    db: z.string(),
    agent: z.string(),
    connect: z.string(),
  }),
  legal: z.object({
    termsUrl: z.string(),
    privacyUrl: z.string(),
  }),
  features: z.object({
    /** True when no SMTP is configured and /dev/outbox lists sent mail. */
    devOutbox: z.boolean(),
    /**
     * Where linked accounts come from. `sandbox`: the in-process fake upstreams, with Penny's local
     * stand-ins for the Plaid Link widget and the SnapTrade portal. `live`: the real vendors
     * (react-plaid-link, SnapTrade's own portal URL).
     */
    providers: z.enum(['sandbox', 'live']),
  }),
  /** The native app, when one is configured: mobile visitors are offered it once per session. */
  mobileApp: z
    .object({
      deepLink: z.string().min(1),
      iosStoreUrl: z.string().optional(),
      androidStoreUrl: z.string().optional(),
    })
    .optional(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
