import type { DecimalString, IsoDate } from '../../../connections/types.ts';
import type { Ticker } from '../market.ts';

/** The generated brokerage data, in SnapTrade's sign: + = cash into the account. */

export type ActivityType = 'CONTRIBUTION' | 'WITHDRAWAL' | 'BUY' | 'SELL' | 'DIVIDEND' | 'INTEREST' | 'FEE';

export type GeneratedActivity = {
  id: string;
  type: ActivityType;
  tradeDate: IsoDate;
  settlementDate: IsoDate;
  ticker: Ticker | null;
  /** Shares: + bought, − sold; 0 for cash activities. */
  units: DecimalString;
  /** Price per share for trades, else 0. */
  price: DecimalString;
  /** + = cash in. */
  amount: DecimalString;
  fee: DecimalString;
  description: string;
};

export type GeneratedPosition = {
  ticker: Ticker;
  units: DecimalString;
  /** Today's close. */
  price: DecimalString;
  /** Average cost per share (6 places). */
  averagePurchasePrice: DecimalString;
  /** Total cost of the shares held. */
  costBasis: DecimalString;
  marketValue: DecimalString;
  openPnl: DecimalString;
};

export type GeneratedAccount = {
  id: string;
  key: 'individual' | 'roth-ira';
  name: string;
  number: string;
  rawType: string;
  /** A margin account (buying power counts half the securities: simulate.ts). */
  margin: boolean;
  openingDate: IsoDate;
  cash: DecimalString;
  buyingPower: DecimalString;
  positions: GeneratedPosition[];
  /** Cash plus the market value of the positions. */
  totalValue: DecimalString;
  /** Oldest first. */
  activities: GeneratedActivity[];
};

export type BrokerageSeed = {
  userId: string;
  authorizationId: string;
  /** The day the brokerage accounts were opened (default: the first of the month two years before today). */
  openedOn?: IsoDate;
  today: IsoDate;
};
