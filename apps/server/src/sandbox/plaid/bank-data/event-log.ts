import { CounterpartyType } from 'plaid';
import type { PfcDetailed } from '../../../connections/plaid/pfc-taxonomy.ts';
import type { Day } from '../days.ts';
import type { City, Merchant } from '../merchants.ts';
import { createRandom, type Random } from '../random.ts';
import { accountSpec, type Profile } from './profile.ts';

/**
 * Events: what happened, independent of when it is looked at. The log holds the one seeded stream every
 * event draws from, in order, and the running balances the transfers and the card payment depend on.
 */

export type AccountRole = 'checking' | 'savings' | 'credit';

export type BankEvent = {
  index: number;
  account: AccountRole;
  authDay: Day;
  postDay: Day;
  /** Minutes after midnight (UTC) the payment was authorized. */
  minute: number;
  /** Plaid sign. While pending (restaurants: before the tip). */
  pendingCents: number;
  postedCents: number;
  name: string;
  /** The raw descriptor shown until Plaid enriches the merchant (two days after posting), or null. */
  rawName: string | null;
  merchant: string | null;
  website: string | null;
  counterpartyType: CounterpartyType | null;
  category: PfcDetailed;
  channel: 'online' | 'in store' | 'other';
  city: City | null;
};

export type EventLog = {
  random: Random;
  profile: Profile;
  events: BankEvent[];
  /** Plaid terms, in cents: depository balances, and the card's balance owed. */
  balances: Record<AccountRole, number>;
  masks: Record<string, string>;
  /** The card's last statement balance, until it is paid. */
  statementCents: number;
};

export function createEventLog(seed: string, profile: Profile): EventLog {
  return {
    random: createRandom(`${seed}|events`),
    profile,
    events: [],
    balances: {
      checking: accountSpec(profile, 'checking').openingCents,
      savings: accountSpec(profile, 'savings').openingCents,
      credit: accountSpec(profile, 'credit').openingCents,
    },
    masks: Object.fromEntries(profile.accounts.map((account) => [account.key, account.mask])),
    statementCents: 0,
  };
}

type NewEvent = Omit<BankEvent, 'index' | 'postDay' | 'minute' | 'pendingCents'> & {
  postDay?: Day;
  minute?: number;
  pendingCents?: number;
};

function addEvent(log: EventLog, event: NewEvent): BankEvent {
  const full: BankEvent = {
    ...event,
    index: log.events.length,
    postDay: event.postDay ?? event.authDay,
    minute: event.minute ?? log.random.int(8 * 60, 21 * 60),
    pendingCents: event.pendingCents ?? event.postedCents,
  };
  log.events.push(full);
  // Depository balances fall with Plaid's positive amounts; a card's balance owed rises.
  log.balances[full.account] += full.account === 'credit' ? full.postedCents : -full.postedCents;
  return full;
}

const cardLag = (random: Random) => (random.chance(0.5) ? 1 : random.chance(0.7) ? 2 : 3);

export const cents = (dollars: number) => Math.round(dollars * 100);

export type PurchaseOptions = { city?: City | null; tip?: boolean; account?: AccountRole; minute?: number };

/** A card (or debit) purchase: authorized on `day`, posted a few days later; restaurants post with the tip. */
export function purchase(
  log: EventLog,
  day: Day,
  merchant: Merchant,
  dollars: number,
  options: PurchaseOptions = {},
): BankEvent {
  const { random, profile } = log;
  const amount = cents(dollars);
  const account = options.account ?? (random.chance(0.85) ? 'credit' : 'checking');
  const posted = options.tip ? Math.round(amount * random.between(1.15, 1.22)) : amount;
  return addEvent(log, {
    account,
    authDay: day,
    postDay: day + cardLag(random),
    pendingCents: amount,
    postedCents: posted,
    name: merchant.name,
    rawName: merchant.enrichedLater ? merchant.descriptor : null,
    merchant: merchant.name,
    website: merchant.website,
    counterpartyType: CounterpartyType.Merchant,
    category: merchant.category,
    channel: merchant.channel,
    city: merchant.channel === 'in store' ? (options.city ?? profile.city) : null,
    ...(options.minute === undefined ? {} : { minute: options.minute }),
  });
}

export type Counterparty = { name: string; type: CounterpartyType; website?: string };

/** An ACH entry (pay, rent, bills, transfers): posted the same day, early in the morning. */
export function ach(
  log: EventLog,
  day: Day,
  account: AccountRole,
  name: string,
  amountCents: number,
  category: PfcDetailed,
  counterparty: Counterparty | null = null,
): BankEvent {
  return addEvent(log, {
    account,
    authDay: day,
    postedCents: amountCents,
    name,
    rawName: null,
    merchant: counterparty?.type === CounterpartyType.Merchant ? counterparty.name : null,
    website: counterparty?.website ?? null,
    counterpartyType: counterparty?.type ?? null,
    category,
    channel: 'other',
    city: null,
    minute: 6 * 60,
  });
}

/** Sometimes a purchase comes back, in full or in part, one to three weeks later. */
export function refundLater(log: EventLog, original: BankEvent, probability: number): void {
  const { random } = log;
  if (!random.chance(probability)) return;
  const day = original.authDay + random.int(6, 20);
  const partial = random.chance(0.3);
  const amount = partial ? Math.round(original.postedCents * random.between(0.2, 0.6)) : original.postedCents;
  addEvent(log, {
    ...original,
    authDay: day,
    postDay: day + 1,
    pendingCents: -amount,
    postedCents: -amount,
    rawName: null,
  });
}

/** An online transfer between checking and savings: one entry on each side. */
export function moveMoney(
  log: EventLog,
  day: Day,
  amountCents: number,
  from: 'checking' | 'savings',
  to: 'checking' | 'savings',
): void {
  const fromName = from === 'checking' ? 'Checking' : 'Savings';
  const toName = to === 'checking' ? 'Checking' : 'Savings';
  ach(
    log,
    day,
    from,
    `Online Transfer to ${toName} ...${log.masks[to]}`,
    amountCents,
    'TRANSFER_OUT_ACCOUNT_TRANSFER',
  );
  ach(
    log,
    day,
    to,
    `Online Transfer from ${fromName} ...${log.masks[from]}`,
    -amountCents,
    'TRANSFER_IN_ACCOUNT_TRANSFER',
  );
}
