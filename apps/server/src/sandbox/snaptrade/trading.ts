import { randomUUID } from 'node:crypto';
import { decimalFromUnits } from '../../connections/money.ts';
import type { IsoDate } from '../../connections/types.ts';
import type { SandboxStore } from '../store.ts';
import type { GeneratedAccount, GeneratedPosition } from './brokerage-data/index.ts';
import { cents, shares } from './brokerage-data/ledger.ts';
import type { BrokerSlug } from './brokerages.ts';
import { addBusinessDays, priceCents, SECURITIES, type Ticker } from './market.ts';
import { userKey } from './state.ts';

/**
 * The sandbox brokerage's trading (docs/accounts.md, "Trading in the sandbox"): an order impact stores
 * a trade that expires after 5 minutes (as SnapTrade's does) and can be placed once; a placed order
 * that fills is kept per user and laid over the generated history, so the next read of positions,
 * balances and activities shows it. Money is in cents and shares in thousandths, as the generator's.
 */

export const TRADE_TTL_MS = 5 * 60_000;
/** Kept trades (impacts not placed) and orders per user: the fake's state stays bounded. */
export const MAX_TRADES_PER_USER = 20;
export const MAX_ORDERS_PER_USER = 500;

export const TRADING_NAMESPACE = 'snaptrade:trading';
/** The market's moves on demand (namespace key = ticker): Penny's own control, POST /sandbox/quote. */
export const QUOTE_NAMESPACE = 'snaptrade:quote';

export type OrderAction = 'BUY' | 'SELL';
export type OrderType = 'Market' | 'Limit';
export type TimeInForce = 'Day' | 'GTC' | 'FOK' | 'IOC';

export type TradeRecord = {
  id: string;
  authorizationId: string;
  accountId: string;
  action: OrderAction;
  ticker: Ticker;
  orderType: OrderType;
  timeInForce: TimeInForce;
  unitsMilli: number;
  /** The limit, for a limit order. */
  limitCents: number | null;
  /** The price the impact estimated with (the limit, or the quote for a market order). */
  priceCents: number;
  commissionCents: number;
  expiresAt: string;
  placedOrderId: string | null;
};

export type OrderRecord = {
  id: string;
  tradeId: string;
  authorizationId: string;
  accountId: string;
  action: OrderAction;
  ticker: Ticker;
  orderType: OrderType;
  timeInForce: TimeInForce;
  unitsMilli: number;
  limitCents: number | null;
  /** A limit order not met waits ACCEPTED until it is cancelled (the sandbox never fills it later). */
  status: 'EXECUTED' | 'ACCEPTED' | 'CANCELED';
  executionCents: number | null;
  commissionCents: number;
  placedAt: string;
  tradeDate: IsoDate | null;
};

export type TradingRecord = { trades: TradeRecord[]; orders: OrderRecord[] };

const empty = (): TradingRecord => ({ trades: [], orders: [] });

export async function tradingOf(store: SandboxStore, clientId: string, userId: string) {
  return (await store.get<TradingRecord>(TRADING_NAMESPACE, userKey(clientId, userId))) ?? empty();
}

export function updateTrading(
  store: SandboxStore,
  clientId: string,
  userId: string,
  change: (current: TradingRecord) => TradingRecord,
) {
  return store.update<TradingRecord>(TRADING_NAMESPACE, userKey(clientId, userId), (current) =>
    change(current ?? empty()),
  );
}

/** The price a trade gets now: the quote set on demand, else the sandbox market's close today. */
export async function quoteCents(store: SandboxStore, ticker: Ticker, today: IsoDate): Promise<number> {
  const set = await store.get<{ cents: number }>(QUOTE_NAMESPACE, ticker);
  return set?.cents ?? priceCents(ticker, today);
}

/**
 * What a brokerage charges per order: Questrade charges $4.95 on stocks and on ETF sales (ETF buys are
 * free there); the others charge nothing.
 */
export function commissionCents(broker: BrokerSlug, ticker: Ticker, action: OrderAction): number {
  if (broker !== 'QUESTRADE-PRACTICE') return 0;
  const kind = SECURITIES[ticker].kind;
  return kind === 'stock' || (kind === 'etf' && action === 'SELL') ? 495 : 0;
}

/** Cash a trade takes (+) or gives (−) at `priceCents`, commission included. */
export function cashNeededCents(unitsMilli: number, price: number, action: OrderAction, commission: number) {
  const gross = Math.round((unitsMilli * price) / 1000);
  return action === 'BUY' ? gross + commission : commission - gross;
}

/** Whether a limit order fills at `quote`: a buy at or below its limit, a sell at or above. */
export function limitMet(action: OrderAction, limit: number | null, quote: number): boolean {
  if (limit === null) return true;
  return action === 'BUY' ? quote <= limit : quote >= limit;
}

/** `text` (a decimal string with at most `places` decimals) as an integer of 10^-places. */
export function scaled(text: string, places: number): number {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const value = Number(whole) * 10 ** places + Number(fraction.padEnd(places, '0').slice(0, places) || '0');
  return negative ? -value : value;
}

export function heldMilli(account: GeneratedAccount, ticker: Ticker): number {
  const position = account.positions.find((candidate) => candidate.ticker === ticker);
  return position ? scaled(position.units, 3) : 0;
}

export const newId = () => randomUUID();

/**
 * The account with every filled order of it laid over the generated history: the activity, the cash,
 * the position (average cost kept on sales, as the generator keeps it), and the totals.
 */
export function withOrders(
  account: GeneratedAccount,
  orders: readonly OrderRecord[],
  today: IsoDate,
): GeneratedAccount {
  const fills = orders.filter(
    (order) =>
      order.accountId === account.id &&
      order.status === 'EXECUTED' &&
      order.tradeDate !== null &&
      order.tradeDate <= today,
  );
  if (fills.length === 0) return account;
  const lots = new Map<Ticker, { unitsMilli: number; costCents: number }>(
    account.positions.map((position) => [
      position.ticker,
      { unitsMilli: scaled(position.units, 3), costCents: scaled(position.costBasis, 2) },
    ]),
  );
  let cash = scaled(account.cash, 2);
  const activities = [...account.activities];
  for (const order of fills) {
    const price = order.executionCents ?? 0;
    const gross = Math.round((order.unitsMilli * price) / 1000);
    const lot = lots.get(order.ticker) ?? { unitsMilli: 0, costCents: 0 };
    const buy = order.action === 'BUY';
    const costRemoved =
      buy || lot.unitsMilli <= 0 ? 0 : Math.round((lot.costCents * order.unitsMilli) / lot.unitsMilli);
    lots.set(order.ticker, {
      unitsMilli: lot.unitsMilli + (buy ? order.unitsMilli : -order.unitsMilli),
      costCents: buy ? lot.costCents + gross : lot.costCents - costRemoved,
    });
    const amount = buy ? -(gross + order.commissionCents) : gross - order.commissionCents;
    cash += amount;
    const tradeDate = order.tradeDate ?? today;
    activities.push({
      id: order.id,
      type: order.action,
      tradeDate,
      settlementDate: addBusinessDays(tradeDate, 1),
      ticker: order.ticker,
      units: shares(buy ? order.unitsMilli : -order.unitsMilli),
      price: cents(price),
      amount: cents(amount),
      fee: cents(order.commissionCents),
      description: `${buy ? 'Bought' : 'Sold'} ${shares(order.unitsMilli)} ${order.ticker} @ ${cents(price)}`,
    });
  }
  const positions = [...lots]
    .filter(([, lot]) => lot.unitsMilli > 0)
    .map(([ticker, lot]) => positionOf(ticker, lot, today))
    .sort((a, b) => b.valueCents - a.valueCents || a.position.ticker.localeCompare(b.position.ticker));
  const securities = positions.reduce((sum, entry) => sum + entry.valueCents, 0);
  return {
    ...account,
    cash: cents(cash),
    buyingPower: cents(account.margin ? cash + Math.round(securities / 2) : cash),
    positions: positions.map((entry) => entry.position),
    totalValue: cents(cash + securities),
    activities,
  };
}

function positionOf(
  ticker: Ticker,
  lot: { unitsMilli: number; costCents: number },
  today: IsoDate,
): { position: GeneratedPosition; valueCents: number } {
  const price = priceCents(ticker, today);
  const valueCents = Math.round((lot.unitsMilli * price) / 1000);
  // Average cost to 6 places, rounded half up, as the generator computes it.
  const average =
    (BigInt(lot.costCents) * 10_000_000n * 2n + BigInt(lot.unitsMilli)) / (2n * BigInt(lot.unitsMilli));
  return {
    valueCents,
    position: {
      ticker,
      units: shares(lot.unitsMilli),
      price: cents(price),
      averagePurchasePrice: decimalFromUnits(average, 6),
      costBasis: cents(lot.costCents),
      marketValue: cents(valueCents),
      openPnl: cents(valueCents - lot.costCents),
    },
  };
}
