import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '../context.ts';

/** CSP and friends on every response. Inline scripts are allowed only by hash (the theme boot script). */
export function securityHeaders(options: {
  inlineScriptHashes: string[];
  hsts: boolean;
  /** Third-party origins the SPA may call (the public countries service). */
  connectOrigins?: string[];
  /** Vendor widgets the SPA loads in live mode (Plaid Link: script and frame). */
  vendorOrigins?: string[];
}): MiddlewareHandler<AppEnv> {
  const vendors = options.vendorOrigins ?? [];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...options.inlineScriptHashes, ...vendors],
      // Radix positions popovers with inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...(options.connectOrigins ?? []), ...vendors],
      frameSrc: ["'self'", ...vendors],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'no-referrer',
    strictTransportSecurity: options.hsts ? 'max-age=31536000; includeSubDomains' : false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
    // The brokerage portal opens in a popup whose `closed` the page watches (docs/product/chat.md,
    // "Brokerage link"): allow-popups keeps that handle working when the popup is another origin
    // (SnapTrade's portal).
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  });
}
