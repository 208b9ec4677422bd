import type { PublicConfig } from '@penny/contracts';
import { apiMessages } from '@penny/contracts';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { Config } from '../config.ts';
import { type DatabaseHandle, withFairShare } from '../db/index.ts';
import type { DomainServices } from '../domain-services.ts';
import { type Auth, type AuthGateway, resolveClientIp } from '../identity/index.ts';
import { type Logger, loggableError } from '../logger.ts';
import type { DevOutbox, Mailer } from '../mail/index.ts';
import { SANDBOX_BROWSER_PATHS } from '../sandbox/index.ts';
import type { Secrets } from '../secrets/index.ts';
import type { RateLimiter, ReplayStore, SessionCache } from '../shared-state/index.ts';
import type { AppEnv } from './context.ts';
import { fail, failureOf } from './errors.ts';
import { addressRateLimit, failedLookupBudget, principalGuard } from './middleware/api-guard.ts';
import { encryptedBody } from './middleware/encrypted-body.ts';
import { requestLog } from './middleware/request-log.ts';
import { signedInBrowser } from './middleware/sandbox-guard.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { deriveAnonToken, sessionMiddleware, type VerifiedSession } from './middleware/session.ts';
import { agentRoutes } from './routes/agent/index.ts';
import { connectRoutes, formOrJsonBody, sameOriginOnly } from './routes/connect/index.ts';
import { databaseRoutes } from './routes/db/index.ts';
import { devOutboxRoutes } from './routes/dev-outbox.ts';
import { type HealthChecks, healthRoutes } from './routes/health.ts';
import { publicConfigRoutes } from './routes/public-config.ts';
import { webAppRoutes } from './routes/web-app.ts';

const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type AppDeps = {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  secrets: Secrets;
  auth: Auth;
  /** The checked front door of /api/auth (identity/auth-gateway.ts). */
  authGateway: AuthGateway;
  replayStore: ReplayStore;
  /** Counters for the API limits; the limits apply when config.apiRateLimit is on. */
  rateLimiter: RateLimiter;
  mailer: Mailer;
  /** Present only in the embedded mode (no SMTP): exposes /dev/outbox. */
  devOutbox?: DevOutbox;
  /** Every domain service, built once by compose.ts; the routes call their handlers. */
  services: DomainServices;
  /** Verified sessions for a few seconds, when config.sessionCache is on. */
  sessionCache?: SessionCache<VerifiedSession> | undefined;
  /** The fake upstreams (PROVIDERS=sandbox), mounted at /sandbox; absent in live mode. */
  sandbox?: Hono | undefined;
  /** What /healthz reports besides the database (Redis, the job queue, draining). */
  health?: HealthChecks;
};

/** The whole HTTP surface: auth, database/agent/connect services, public config, health, and the SPA. */
export function createApp(deps: AppDeps) {
  const { config, logger, database, secrets, auth } = deps;
  const anonToken = deriveAnonToken(secrets.authSecret);
  const publicConfig: PublicConfig = {
    boxPublicKey: Buffer.from(secrets.boxKeyPair.publicKey).toString('base64'),
    anonToken,
    requireEncryptedBodies: config.requireEncryptedBodies,
    services: { auth: '/api/auth', db: '/db', agent: '/agent', connect: '/connect' },
    legal: config.legal,
    features: { devOutbox: Boolean(deps.devOutbox), providers: config.providers.mode },
    ...(config.mobileApp ? { mobileApp: config.mobileApp } : {}),
  };
  const webApp = webAppRoutes(config.webDistDir);

  const app = new Hono<AppEnv>();
  let requests = 0;
  app.use(async (c, next) => {
    c.set('clientIp', resolveClientIp(c, config.clientIpHeader));
    // The embedded database serves requests in turn: each request on its own until its session names
    // the user, then on the user's share (db/fair-share.ts). Not by address: the users behind one
    // address would share one turn for their session lookups.
    return withFairShare(`request:${++requests}`, next);
  });
  app.use(requestLog(logger));
  const headers = securityHeaders({
    inlineScriptHashes: webApp.inlineScriptHashes,
    connectOrigins: [config.countriesServiceOrigin],
    hsts: config.publicUrl.startsWith('https:'),
    // Plaid Link loads its script and frame from Plaid's CDN (live mode only; the sandbox has its own).
    vendorOrigins: config.providers.mode === 'live' ? ['https://cdn.plaid.com'] : [],
  });
  // The sandbox upstreams stand in for other sites: their pages (the brokerage portal) set their own.
  app.use((c, next) => (c.req.path.startsWith('/sandbox/') ? next() : headers(c, next)));
  const limitBody = bodyLimit({
    maxSize: config.maxBodyBytes,
    // The rest of the body is still on the socket: close it rather than promise a keep-alive.
    onError: (c) => {
      c.header('connection', 'close');
      return fail(c, 'request:too-large', 'Request body is too large.');
    },
  });
  // Only methods that carry a body: touching the raw request on a GET costs the Node adapter a full
  // Request object for nothing.
  app.use((c, next) => (BODYLESS_METHODS.has(c.req.method) ? next() : limitBody(c, next)));

  app.route('/', healthRoutes(database, deps.health));
  app.route('/', publicConfigRoutes(publicConfig));
  if (deps.devOutbox) app.route('/', devOutboxRoutes(deps.devOutbox));
  app.all('/api/auth/*', (c) => deps.authGateway.handle(c.req.raw, c.get('clientIp')));

  const limiter = config.apiRateLimit ? deps.rateLimiter : undefined;
  const lookupBudget = failedLookupBudget(limiter);
  const session = sessionMiddleware({ auth, anonToken, logger, cache: deps.sessionCache, lookupBudget });
  const envelope = encryptedBody({
    secretKey: secrets.boxKeyPair.secretKey,
    required: config.requireEncryptedBodies,
    replayStore: deps.replayStore,
    maxBodyBytes: config.maxBodyBytes,
    ownerOf: (c) => {
      const principal = c.get('principal') as AppEnv['Variables']['principal'] | undefined;
      return principal?.kind === 'user'
        ? `user:${principal.user.id}`
        : `ip:${c.get('clientIp') ?? 'unknown'}`;
    },
  });
  for (const service of ['/db/*', '/agent/*']) {
    app.use(service, session, principalGuard(limiter), envelope);
  }
  const mount = { checkResponses: config.env === 'test' };
  app.route('/agent', agentRoutes({ services: deps.services, mount }));
  // The account-connection service: the session cookie, from our own pages only (see connect/index.ts).
  const cookieSession = sessionMiddleware({
    auth,
    anonToken,
    logger,
    cache: deps.sessionCache,
    credentials: 'cookie',
    lookupBudget,
  });
  app.use(
    '/connect/api/*',
    sameOriginOnly([new URL(config.publicUrl).origin]),
    cookieSession,
    principalGuard(limiter),
    formOrJsonBody,
  );
  app.route('/connect', connectRoutes({ services: deps.services, mount }));
  if (deps.sandbox) {
    // The stand-in pages: a signed-in user, by the cookie (401 for anyone else, as at every vendor
    // endpoint), and their posts from our own pages only.
    const ours = sameOriginOnly([new URL(config.publicUrl).origin]);
    for (const path of SANDBOX_BROWSER_PATHS) {
      app.use(path, addressRateLimit(limiter), cookieSession, signedInBrowser(limiter), (c, next) =>
        c.req.method === 'POST' ? ours(c, next) : next(),
      );
    }
    app.route('/sandbox', deps.sandbox);
  }
  app.route(
    '/db',
    databaseRoutes({
      services: deps.services,
      auth,
      logger,
      mount,
    }),
  );

  app.route('/', webApp.routes);
  app.notFound((c) => fail(c, 'request:not-found', apiMessages.notFound));
  app.onError((error, c) => {
    const failure = failureOf(error);
    if (failure) {
      if (failure.status === 403) {
        const principal = c.get('principal');
        logger.warn(
          {
            requestId: c.get('requestId'),
            userId: principal?.kind === 'user' ? principal.user.id : undefined,
          },
          `refused: ${failure.message}`,
        );
      }
      return fail(c, failure.code, failure.message);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return fail(
        c,
        error.status === 413 ? 'request:too-large' : 'request:invalid',
        error.message || 'Request failed.',
      );
    }
    logger.error({ err: loggableError(error), requestId: c.get('requestId') }, 'unhandled error');
    return fail(c, 'server:error', 'Something went wrong on our side. Please try again.');
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
