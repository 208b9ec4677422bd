import { seededUuid } from './prng.ts';

/** The brokerages the sandbox portal offers. Every one of them serves the "Self-directed" dataset. */
export type BrokerSlug = 'SANDBOX' | 'ALPACA-PAPER' | 'QUESTRADE-PRACTICE';

export type SandboxBrokerage = {
  slug: BrokerSlug;
  name: string;
  displayName: string;
  url: string;
  isPaper: boolean;
};

export const SANDBOX_BROKERAGES = {
  SANDBOX: {
    slug: 'SANDBOX',
    name: 'SnapTrade Sandbox Brokerage',
    displayName: 'SnapTrade Sandbox',
    url: 'https://snaptrade.com',
    isPaper: false,
  },
  'ALPACA-PAPER': {
    slug: 'ALPACA-PAPER',
    name: 'Alpaca Paper',
    displayName: 'Alpaca Paper',
    url: 'https://alpaca.markets',
    isPaper: true,
  },
  'QUESTRADE-PRACTICE': {
    slug: 'QUESTRADE-PRACTICE',
    name: 'Questrade Practice',
    displayName: 'Questrade Practice',
    url: 'https://www.questrade.com',
    isPaper: true,
  },
} as const satisfies Record<BrokerSlug, SandboxBrokerage>;

export const BROKER_SLUGS = Object.keys(SANDBOX_BROKERAGES) as BrokerSlug[];

export function isBrokerSlug(value: string): value is BrokerSlug {
  return Object.hasOwn(SANDBOX_BROKERAGES, value);
}

/** SnapTrade's Brokerage object. */
export function brokerageJson(slug: BrokerSlug) {
  const brokerage: SandboxBrokerage = SANDBOX_BROKERAGES[slug];
  return {
    id: seededUuid(`brokerage:${slug}`),
    slug,
    name: brokerage.name,
    display_name: brokerage.displayName,
    description: `${brokerage.name} (Penny sandbox)`,
    aws_s3_logo_url: '',
    aws_s3_square_logo_url: null,
    url: brokerage.url,
    enabled: true,
    maintenance_mode: false,
    is_degraded: false,
    allows_trading: true,
    allows_fractional_units: true,
    has_reporting: true,
    is_real_time_connection: false,
    brokerage_type: { id: seededUuid('brokerage-type:traditional'), name: 'Traditional Brokerage' },
    exchanges: [],
    open_url: null,
  };
}
