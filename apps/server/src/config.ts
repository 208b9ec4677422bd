import path from 'node:path';
import { z } from 'zod';
import { SANDBOX_CLIENT_IDS, type SandboxKeys } from './secrets/sandbox-keys.ts';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalUrl = z.url().optional();

/** Environment variables Penny reads. Every default is the embedded mode: nothing to configure. */
/**
 * The sandbox Plaid's first pull by default: a new bank's last 30 days 4 s after linking, its whole
 * history at 15 s, so a newcomer sees it all within a minute (bench/first-pull.bench.ts).
 */
export const SANDBOX_PLAID_PULL_DEFAULTS = { recentMs: 4_000, completeMs: 15_000 } as const;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  VAULT_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, 'VAULT_KEY must be 32 bytes, base64-encoded')
    .optional(),
  BOX_SECRET_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, 'BOX_SECRET_KEY must be 32 bytes, base64-encoded')
    .optional(),
  REQUIRE_ENCRYPTED_BODIES: booleanFromEnv.default(true),
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  TERMS_URL: z.string().default('/legal/terms.html'),
  PRIVACY_URL: z.string().default('/legal/privacy.html'),
  SMTP_URL: optionalUrl,
  MAIL_MODE: z.enum(['smtp', 'log', 'outbox']).optional(),
  ACCEPT_NEW_VAULT_KEY: booleanFromEnv.default(false),
  REDIS_URL: optionalUrl,
  APP_DEEP_LINK: z.string().min(1).optional(),
  APP_STORE_URL_IOS: optionalUrl,
  APP_STORE_URL_ANDROID: optionalUrl,
  COUNTRIES_SERVICE_ORIGIN: z.url().default('https://restcountries.com'),
  MAIL_FROM: z.string().min(3).optional(),
  MAIL_MAX_PER_RECIPIENT: z.coerce.number().int().min(1).default(5),
  MAIL_MAX_PER_HOUR: z.coerce.number().int().min(1).default(200),
  AUTH_RATE_LIMIT: booleanFromEnv.optional(),
  API_RATE_LIMIT: booleanFromEnv.optional(),
  SESSION_CACHE: booleanFromEnv.optional(),
  CLIENT_IP_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'CLIENT_IP_HEADER must be a header name, e.g. x-forwarded-for')
    .optional(),
  WEB_DIST_DIR: z.string().optional(),
  PROVIDERS: z.enum(['sandbox', 'live']).default('sandbox'),
  PLAID_CLIENT_ID: z.string().min(1).optional(),
  PLAID_SECRET: z.string().min(1).optional(),
  PLAID_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  PLAID_BASE_URL: optionalUrl,
  SNAPTRADE_CLIENT_ID: z.string().min(1).optional(),
  SNAPTRADE_CONSUMER_KEY: z.string().min(1).optional(),
  SNAPTRADE_BASE_URL: optionalUrl,
  EVM_RPC_URL: optionalUrl,
  ETHERSCAN_URL: optionalUrl,
  ETHERSCAN_API_KEY: z.string().min(1).optional(),
  SOLANA_RPC_URL: optionalUrl,
  ESPLORA_URL: optionalUrl,
  PRICES_URL: optionalUrl,
  PRICES_API_KEY: z.string().min(1).optional(),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  SYNC_MAX_AGE_MINUTES: z.coerce.number().int().min(1).default(60),
  SYNC_LEASE_SECONDS: z.coerce.number().int().min(3).max(600).default(30),
  PLAID_WEBHOOKS: booleanFromEnv.default(true),
  // A sync of every connection once a day (jobs/daily-refresh.ts); tests turn it off unless about it.
  DAILY_REFRESH: booleanFromEnv.default(true),
  // Sandbox mode: the fake SnapTrade sends its webhooks to {PUBLIC_URL}/connect/webhooks/snaptrade (the
  // vendor's dashboard setting, where a live installation registers that URL itself).
  SNAPTRADE_WEBHOOKS: booleanFromEnv.default(true),
  // The sandbox Plaid's initial pull (docs/accounts.md, "The sandbox"): ms after linking until the last
  // 30 days, then the whole history, are ready. Tests shrink them; the code path is the same.
  SANDBOX_PLAID_INITIAL_UPDATE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(600_000)
    .default(SANDBOX_PLAID_PULL_DEFAULTS.recentMs),
  SANDBOX_PLAID_HISTORICAL_UPDATE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(600_000)
    .default(SANDBOX_PLAID_PULL_DEFAULTS.completeMs),
  AGENT_PROVIDER: z.enum(['offline', 'openai-compatible', 'xai', 'anthropic']).default('offline'),
  AGENT_BASE_URL: z.url().optional(),
  AGENT_API_KEY: z.string().min(1).optional(),
  AGENT_MODEL: z.string().min(1).max(128).optional(),
  AGENT_DEEP_MODEL: z.string().min(1).max(128).optional(),
  AGENT_MAX_STEPS: z.coerce.number().int().min(1).max(20).default(8),
  AGENT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(120_000),
  CHAT_MAX_PER_MINUTE: z.coerce.number().int().min(1).default(20),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  secretOverrides: { authSecret?: string; vaultKey?: string; boxSecretKey?: string };
  requireEncryptedBodies: boolean;
  maxBodyBytes: number;
  shutdownTimeoutMs: number;
  legal: { termsUrl: string; privacyUrl: string };
  smtpUrl: string | undefined;
  /**
   * Refuse-by-default escape hatch: record the current VAULT_KEY as the right one even though the
   * database holds another key's fingerprint (credentials sealed with the old key stay unreadable).
   */
  acceptNewVaultKey: boolean;
  /** Shared state (replay cache, auth rate limits) for several instances; in memory when unset. */
  redisUrl: string | undefined;
  /** Native app links offered to mobile visitors; undefined when no app is configured. */
  mobileApp: { deepLink: string; iosStoreUrl?: string; androidStoreUrl?: string } | undefined;
  /** Origin the sign-up form may fetch the live country list from (allowed by the CSP). */
  countriesServiceOrigin: string;
  mail: {
    /**
     * Where mail goes. `smtp`: out through SMTP_URL. `outbox`: the dev outbox (a table, listed at
     * /dev/outbox to loopback clients), never in production. `log`: each link to the server log only.
     */
    mode: MailMode;
    /** Sender of verification and reset emails. */
    from: string;
    /** At most this many emails to one address per 10 minutes. */
    maxPerRecipient: number;
    /** At most this many emails in total per hour. */
    maxPerHour: number;
  };
  /** Better Auth's per-IP limits and the sign-in brake; off by default when NODE_ENV=test. */
  authRateLimit: boolean;
  /** Per-address and per-user limits on /db and /agent; off by default when NODE_ENV=test. */
  apiRateLimit: boolean;
  /** Verified sessions kept for 10 s (revocation stays immediate); off by default when NODE_ENV=test. */
  sessionCache: boolean;
  /**
   * Header a trusted reverse proxy puts the client address in (x-forwarded-for: its last hop). Unset:
   * the socket's address, and any client-sent forwarding header is ignored.
   */
  clientIpHeader: string | undefined;
  webDistDir: string;
  providers: ProvidersConfig;
  agent: AgentConfig;
};

/**
 * The model behind the agent loop. `offline` (the default): Penny's own analyst model, no network.
 * Otherwise an LLM: an OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, llama.cpp), xAI or Anthropic.
 */
export type AgentConfig = {
  provider: 'offline' | 'openai-compatible' | 'xai' | 'anthropic';
  baseUrl: string | undefined;
  apiKey: string | undefined;
  model: string;
  /** Used when the client asks for Deep Thinking ('grok-4'). */
  deepModel: string;
  maxSteps: number;
  timeoutMs: number;
  /** Turns per user per minute. */
  maxTurnsPerMinute: number;
};

/**
 * Where linked accounts come from. `sandbox` (the default): the official SDKs talk over HTTP to the
 * fake upstreams this server mounts under /sandbox, so base URLs point at ourselves. `live`: the real
 * vendors; keys and URLs from the environment.
 */
export type ProvidersConfig = {
  mode: 'sandbox' | 'live';
  /**
   * `webhookUrl`: where Plaid sends this installation's webhooks, `{PUBLIC_URL}/connect/webhooks/plaid`
   * (given to Plaid at /link/token/create); undefined with PLAID_WEBHOOKS=false. In sandbox mode it is
   * rebased with the fakes onto the address the server really listens on (`useSandboxOrigin`): the
   * fake Plaid is this server.
   */
  plaid: { baseUrl: string; clientId: string; secret: string; webhookUrl: string | undefined } | undefined;
  /**
   * `webhookUrl`: sandbox mode only, where the fake SnapTrade sends its webhooks (SnapTrade's
   * dashboard setting; live, it is registered there), rebased like Plaid's; undefined with
   * SNAPTRADE_WEBHOOKS=false.
   */
  snaptrade:
    | { baseUrl: string; clientId: string; consumerKey: string; webhookUrl?: string | undefined }
    | undefined;
  /**
   * Sandbox mode: the vendors whose keys the environment did not give. Their keys are this
   * installation's generated ones, filled in by `withSandboxKeys` once the secrets are loaded (until
   * then the secret is empty); the fakes mounted here check the same keys the clients send.
   */
  generatedKeys: { plaid: boolean; snaptrade: boolean };
  evmRpcUrl: string;
  etherscanUrl: string;
  etherscanApiKey: string | undefined;
  solanaRpcUrl: string;
  esploraUrl: string;
  pricesUrl: string;
  pricesApiKey: string | undefined;
  timeoutMs: number;
  /** Data older than this is synced again when read. */
  syncMaxAgeMs: number;
  /** A sync's hold on its connection: a process that died mid-sync frees it after this. */
  syncLeaseMs: number;
  /** Whether every connection is synced once a day at 04:00 UTC (DAILY_REFRESH). */
  dailyRefresh: boolean;
  /**
   * Sandbox mode: when the fake Plaid's initial pull has a new item's last 30 days, then its whole
   * history (ms after the public token's exchange), each announced by webhook as Plaid does.
   */
  sandboxPlaidPull: { recentMs: number; completeMs: number };
};

export type MailMode = 'smtp' | 'log' | 'outbox';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** SMTP when configured; otherwise the dev outbox, which production must not silently fall back to. */
function resolveMailMode(e: z.infer<typeof envSchema>): MailMode {
  const mode = e.MAIL_MODE ?? (e.SMTP_URL ? 'smtp' : e.NODE_ENV === 'production' ? undefined : 'outbox');
  if (mode === undefined) {
    throw new ConfigError(
      'NODE_ENV=production needs a way to send mail (verification and password-reset links):\n' +
        '  set SMTP_URL to send it, or MAIL_MODE=log to write each link to the server log instead\n' +
        '  (then anyone who can read that log can use the links).',
    );
  }
  if (mode === 'smtp' && !e.SMTP_URL) {
    throw new ConfigError('MAIL_MODE=smtp needs SMTP_URL (e.g. smtp://user:pass@host:587).');
  }
  if (mode === 'outbox' && e.NODE_ENV === 'production') {
    throw new ConfigError(
      'MAIL_MODE=outbox is for development only (it stores sign-in and reset links and lists them at\n' +
        '  /dev/outbox); in production set SMTP_URL, or MAIL_MODE=log to write the links to the server log.',
    );
  }
  return mode;
}

const SECRET_VARIABLES = {
  AUTH_SECRET: 'authSecret',
  VAULT_KEY: 'vaultKey',
  BOX_SECRET_KEY: 'boxSecretKey',
} as const satisfies Record<string, keyof Config['secretOverrides']>;

/**
 * In production the secrets come from one place: all from the environment, or all from the generated
 * file. A mix means one of them silently comes from a file that may not be there next time (a new
 * container, a lost volume), which for VAULT_KEY makes stored credentials unreadable.
 */
function checkSecretSources(env: Config['env'], overrides: Config['secretOverrides']): void {
  if (env !== 'production') return;
  const names = Object.keys(SECRET_VARIABLES) as Array<keyof typeof SECRET_VARIABLES>;
  const set = names.filter((name) => overrides[SECRET_VARIABLES[name]] !== undefined);
  if (set.length === 0 || set.length === names.length) return;
  const missing = names.filter((name) => !set.includes(name));
  throw new ConfigError(
    `In production set all of ${names.join(', ')} from your secret store, or none of them (then all\n` +
      `  three are generated once into DATA_DIR/secrets/secrets.json). Set: ${set.join(', ')}; missing: ${missing.join(', ')}.`,
  );
}

/** Turns the environment into a typed config; throws a readable ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings in the environment mean "not set", as most shells and .env files intend.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const secretOverrides: Config['secretOverrides'] = {};
  if (e.AUTH_SECRET) secretOverrides.authSecret = e.AUTH_SECRET;
  if (e.VAULT_KEY) secretOverrides.vaultKey = e.VAULT_KEY;
  if (e.BOX_SECRET_KEY) secretOverrides.boxSecretKey = e.BOX_SECRET_KEY;
  checkSecretSources(e.NODE_ENV, secretOverrides);
  const mailMode = resolveMailMode(e);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    secretOverrides,
    requireEncryptedBodies: e.REQUIRE_ENCRYPTED_BODIES,
    maxBodyBytes: e.MAX_BODY_BYTES,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    legal: { termsUrl: e.TERMS_URL, privacyUrl: e.PRIVACY_URL },
    smtpUrl: e.SMTP_URL,
    acceptNewVaultKey: e.ACCEPT_NEW_VAULT_KEY,
    redisUrl: e.REDIS_URL,
    mobileApp: e.APP_DEEP_LINK
      ? {
          deepLink: e.APP_DEEP_LINK,
          ...(e.APP_STORE_URL_IOS ? { iosStoreUrl: e.APP_STORE_URL_IOS } : {}),
          ...(e.APP_STORE_URL_ANDROID ? { androidStoreUrl: e.APP_STORE_URL_ANDROID } : {}),
        }
      : undefined,
    countriesServiceOrigin: new URL(e.COUNTRIES_SERVICE_ORIGIN).origin,
    mail: {
      mode: mailMode,
      from: e.MAIL_FROM ?? `Penny <no-reply@${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}>`,
      maxPerRecipient: e.MAIL_MAX_PER_RECIPIENT,
      maxPerHour: e.MAIL_MAX_PER_HOUR,
    },
    authRateLimit: e.AUTH_RATE_LIMIT ?? e.NODE_ENV !== 'test',
    apiRateLimit: e.API_RATE_LIMIT ?? e.NODE_ENV !== 'test',
    sessionCache: e.SESSION_CACHE ?? e.NODE_ENV !== 'test',
    clientIpHeader: e.CLIENT_IP_HEADER?.toLowerCase(),
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    providers: resolveProviders(e, publicUrl),
    agent: resolveAgent(e),
  };
}

const DEFAULT_MODELS = {
  offline: { model: 'penny-analyst', deep: 'penny-analyst-deep' },
  'openai-compatible': { model: 'gpt-4o-mini', deep: 'gpt-4o' },
  xai: { model: 'grok-3-mini', deep: 'grok-4' },
  anthropic: { model: 'claude-haiku-4-5', deep: 'claude-sonnet-4-5' },
} as const satisfies Record<AgentConfig['provider'], { model: string; deep: string }>;

function resolveAgent(e: z.infer<typeof envSchema>): AgentConfig {
  const provider = e.AGENT_PROVIDER;
  if (provider === 'openai-compatible' && !e.AGENT_BASE_URL) {
    throw new ConfigError(
      'AGENT_PROVIDER=openai-compatible needs AGENT_BASE_URL (e.g. https://api.openai.com/v1 or http://localhost:11434/v1).',
    );
  }
  if ((provider === 'xai' || provider === 'anthropic') && !e.AGENT_API_KEY) {
    throw new ConfigError(`AGENT_PROVIDER=${provider} needs AGENT_API_KEY.`);
  }
  const defaults = DEFAULT_MODELS[provider];
  const model = e.AGENT_MODEL ?? defaults.model;
  return {
    provider,
    baseUrl: e.AGENT_BASE_URL,
    apiKey: e.AGENT_API_KEY,
    model,
    deepModel:
      e.AGENT_DEEP_MODEL ?? (e.AGENT_MODEL && provider !== 'offline' ? e.AGENT_MODEL : defaults.deep),
    maxSteps: e.AGENT_MAX_STEPS,
    timeoutMs: e.AGENT_TIMEOUT_MS,
    maxTurnsPerMinute: e.CHAT_MAX_PER_MINUTE,
  };
}

function resolveProviders(e: z.infer<typeof envSchema>, publicUrl: string): ProvidersConfig {
  const webhookUrl = e.PLAID_WEBHOOKS ? `${publicUrl}/connect/webhooks/plaid` : undefined;
  if (e.SANDBOX_PLAID_HISTORICAL_UPDATE_MS < e.SANDBOX_PLAID_INITIAL_UPDATE_MS)
    throw new ConfigError(
      'SANDBOX_PLAID_HISTORICAL_UPDATE_MS must not be less than SANDBOX_PLAID_INITIAL_UPDATE_MS (the whole history comes after its last 30 days).',
    );
  const common = {
    sandboxPlaidPull: {
      recentMs: e.SANDBOX_PLAID_INITIAL_UPDATE_MS,
      completeMs: e.SANDBOX_PLAID_HISTORICAL_UPDATE_MS,
    },
    timeoutMs: e.PROVIDER_TIMEOUT_MS,
    syncMaxAgeMs: e.SYNC_MAX_AGE_MINUTES * 60_000,
    syncLeaseMs: e.SYNC_LEASE_SECONDS * 1_000,
    dailyRefresh: e.DAILY_REFRESH,
    etherscanApiKey: e.ETHERSCAN_API_KEY,
    pricesApiKey: e.PRICES_API_KEY,
  };
  const missing: string[] = [];
  if (Boolean(e.PLAID_CLIENT_ID) !== Boolean(e.PLAID_SECRET))
    missing.push('PLAID_CLIENT_ID and PLAID_SECRET together');
  if (Boolean(e.SNAPTRADE_CLIENT_ID) !== Boolean(e.SNAPTRADE_CONSUMER_KEY))
    missing.push('SNAPTRADE_CLIENT_ID and SNAPTRADE_CONSUMER_KEY together');
  if (missing.length > 0) throw new ConfigError(`PROVIDERS=${e.PROVIDERS} needs ${missing.join('; ')}.`);
  if (e.PROVIDERS === 'sandbox') {
    // The fakes are mounted on this very server; the SDKs reach them over loopback HTTP.
    const self = `http://127.0.0.1:${e.PORT}/sandbox`;
    return {
      mode: 'sandbox',
      ...common,
      plaid: {
        baseUrl: e.PLAID_BASE_URL ?? `${self}/plaid`,
        clientId: e.PLAID_CLIENT_ID ?? SANDBOX_CLIENT_IDS.plaid,
        secret: e.PLAID_SECRET ?? '',
        webhookUrl,
      },
      snaptrade: {
        baseUrl: e.SNAPTRADE_BASE_URL ?? `${self}/snaptrade`,
        clientId: e.SNAPTRADE_CLIENT_ID ?? SANDBOX_CLIENT_IDS.snaptrade,
        consumerKey: e.SNAPTRADE_CONSUMER_KEY ?? '',
        webhookUrl: e.SNAPTRADE_WEBHOOKS ? `${publicUrl}/connect/webhooks/snaptrade` : undefined,
      },
      generatedKeys: { plaid: !e.PLAID_SECRET, snaptrade: !e.SNAPTRADE_CONSUMER_KEY },
      evmRpcUrl: e.EVM_RPC_URL ?? `${self}/evm`,
      etherscanUrl: e.ETHERSCAN_URL ?? `${self}/evm/api`,
      solanaRpcUrl: e.SOLANA_RPC_URL ?? `${self}/solana`,
      esploraUrl: e.ESPLORA_URL ?? `${self}/esplora`,
      pricesUrl: e.PRICES_URL ?? `${self}/prices`,
    };
  }
  return {
    mode: 'live',
    ...common,
    generatedKeys: { plaid: false, snaptrade: false },
    plaid:
      e.PLAID_CLIENT_ID && e.PLAID_SECRET
        ? {
            baseUrl:
              e.PLAID_BASE_URL ??
              (e.PLAID_ENV === 'production' ? 'https://production.plaid.com' : 'https://sandbox.plaid.com'),
            clientId: e.PLAID_CLIENT_ID,
            secret: e.PLAID_SECRET,
            webhookUrl,
          }
        : undefined,
    snaptrade:
      e.SNAPTRADE_CLIENT_ID && e.SNAPTRADE_CONSUMER_KEY
        ? {
            baseUrl: e.SNAPTRADE_BASE_URL ?? 'https://api.snaptrade.com',
            clientId: e.SNAPTRADE_CLIENT_ID,
            consumerKey: e.SNAPTRADE_CONSUMER_KEY,
          }
        : undefined,
    evmRpcUrl: e.EVM_RPC_URL ?? 'https://ethereum-rpc.publicnode.com',
    etherscanUrl: e.ETHERSCAN_URL ?? 'https://api.etherscan.io/v2/api',
    solanaRpcUrl: e.SOLANA_RPC_URL ?? 'https://api.mainnet-beta.solana.com',
    esploraUrl: e.ESPLORA_URL ?? 'https://blockstream.info/api',
    pricesUrl: e.PRICES_URL ?? 'https://api.coingecko.com/api/v3',
  };
}

/** Sandbox mode: the installation's generated keys for the vendors the environment gave none for. */
export function withSandboxKeys(providers: ProvidersConfig, keys: SandboxKeys): ProvidersConfig {
  if (providers.mode !== 'sandbox') return providers;
  const { plaid, snaptrade, generatedKeys } = providers;
  return {
    ...providers,
    plaid: plaid && (generatedKeys.plaid ? { ...plaid, ...keys.plaid } : plaid),
    snaptrade: snaptrade && (generatedKeys.snaptrade ? { ...snaptrade, ...keys.snaptrade } : snaptrade),
  };
}
