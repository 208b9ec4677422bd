import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '../context.ts';

/** CSP and friends on every response. Inline scripts are allowed only by hash (the theme boot script). */
export function securityHeaders(options: {
  inlineScriptHashes: string[];
  hsts: boolean;
  /** Third-party origins the SPA may call (the public countries service). */
  connectOrigins?: string[];
}): MiddlewareHandler<AppEnv> {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...options.inlineScriptHashes],
      // Radix positions popovers with inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...(options.connectOrigins ?? [])],
      frameSrc: ["'self'"],
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
    crossOriginOpenerPolicy: 'same-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  });
}
