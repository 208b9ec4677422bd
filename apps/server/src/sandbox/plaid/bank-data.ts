import {
  type AccountBase,
  AccountHolderCategory,
  AccountSubtype,
  AccountType,
  CounterpartyType,
  type Holding,
  type Location,
  type Security,
  type Transaction,
  TransactionPaymentChannelEnum,
  TransactionTransactionTypeEnum,
} from 'plaid';
import { type PfcDetailed, primaryOf } from '../../connections/plaid/pfc-taxonomy.ts';
import { calendar, type Day, dayFromDate, dayFromIso, isoFromDay, weekday } from './days.ts';
import {
  AIRLINES,
  type City,
  COFFEE_SHOPS,
  EMPLOYERS,
  FAST_FOOD,
  GAS_STATIONS,
  GROCERS,
  GYMS,
  HOME_CITIES,
  HOTELS,
  LANDLORDS,
  type Merchant,
  RESTAURANTS,
  RIDES,
  SHOPS,
  SUBSCRIPTIONS,
  TRIP_CITIES,
} from './merchants.ts';
import { createRandom, stableId } from './random.ts';

/**
 * The sandbox's bank data: a pure function of a seed and "today". Two years of a plausible person's money
 * (salary, rent, bills, groceries, dining, subscriptions, trips, refunds, transfers, card payments) in
 * Plaid's own JSON shapes and sign (amount > 0 = money out of the account).
 *
 * Events are generated day by day from the history start with one seeded stream, so the events of a day
 * never depend on how far the history runs: tomorrow's data is today's data plus tomorrow. What changes
 * as "today" moves is only how each event is seen: pending until it posts, a raw descriptor until Plaid
 * cleans the merchant name, posted with the tip once a restaurant bill settles.
 */

export type BankAccountKey = 'checking' | 'savings' | 'credit' | 'investment';

export type BankItemData = {
  today: string;
  historyStart: string;
  accounts: AccountBase[];
  /** Visible on `today`: posted and pending, oldest first. */
  transactions: Transaction[];
  holdings: Holding[];
  securities: Security[];
  /** Each account's balance the day before `historyStart`, in Plaid's terms (a card's balance owed is positive). */
  openingBalances: Record<string, number>;
  /** account_id by role. */
  accountIds: Partial<Record<BankAccountKey, string>>;
};

export type GenerateOptions = {
  /** First day of the history; default two years (730 days) before `today`. */
  historyStart?: string;
};

const HISTORY_DAYS = 730;

export function generateBankItem(
  seed: string,
  today: string | Date,
  options: GenerateOptions = {},
): BankItemData {
  const todayDay = typeof today === 'string' ? dayFromIso(today) : dayFromDate(today);
  const startDay = options.historyStart ? dayFromIso(options.historyStart) : todayDay - HISTORY_DAYS;
  const profile = createProfile(seed);
  const events = generateEvents(seed, profile, startDay, todayDay);
  const transactions = events
    .map((event) => viewTransaction(seed, profile, event, todayDay))
    .filter((transaction): transaction is Transaction => transaction !== null)
    .sort(byDateThenId);
  const { holdings, securities, investmentValue, investmentCash } = holdingsOn(seed, profile, todayDay);
  const accounts = accountsOn(profile, events, todayDay, investmentValue, investmentCash);
  return {
    today: isoFromDay(todayDay),
    historyStart: isoFromDay(startDay),
    accounts,
    transactions,
    holdings,
    securities,
    openingBalances: Object.fromEntries(
      profile.accounts.map((account) => [account.id, account.openingCents / 100]),
    ),
    accountIds: Object.fromEntries(profile.accounts.map((account) => [account.key, account.id])),
  };
}

export function byDateThenId(
  a: { date: string; transaction_id: string },
  b: { date: string; transaction_id: string },
) {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : a.transaction_id < b.transaction_id ? -1 : 1;
}

// ---------------------------------------------------------------------------------------------------------
// The person behind the seed

type AccountSpec = {
  key: BankAccountKey;
  id: string;
  name: string;
  officialName: string;
  mask: string;
  type: AccountType;
  subtype: AccountSubtype;
  /** Plaid terms: for the card, the balance owed. */
  openingCents: number;
  limitCents: number | null;
};

type Profile = {
  city: City;
  employer: string;
  grossAnnual: number;
  raise: number;
  landlord: string;
  rentCents: number;
  gym: (typeof GYMS)[number];
  groceryWeekday: number;
  diningPerWeek: number;
  coffeePerWeekday: number;
  drives: boolean;
  hasPet: boolean;
  savingsApy: number;
  investmentContributionCents: number;
  statementDay: number;
  spendScale: number;
  accounts: AccountSpec[];
  investmentKind: 'ira' | 'brokerage' | null;
};

function createProfile(seed: string): Profile {
  const random = createRandom(`${seed}|profile`);
  const grossAnnual = random.int(62, 165) * 1000;
  const investmentKind = random.chance(0.8) ? (random.chance(0.5) ? 'ira' : 'brokerage') : null;
  const mask = () => String(random.int(1000, 9999));
  const id = (key: BankAccountKey) => stableId(`${seed}|account|${key}`);
  const accounts: AccountSpec[] = [
    {
      key: 'checking',
      id: id('checking'),
      name: 'Everyday Checking',
      officialName: 'Everyday Checking Account',
      mask: mask(),
      type: AccountType.Depository,
      subtype: AccountSubtype.Checking,
      openingCents: random.int(2500, 6000) * 100,
      limitCents: null,
    },
    {
      key: 'savings',
      id: id('savings'),
      name: 'High-Yield Savings',
      officialName: 'High-Yield Savings Account',
      mask: mask(),
      type: AccountType.Depository,
      subtype: AccountSubtype.Savings,
      openingCents: random.int(40, 300) * 10_000,
      limitCents: null,
    },
    {
      key: 'credit',
      id: id('credit'),
      name: 'Cash Rewards Visa',
      officialName: 'Cash Rewards Visa Signature Card',
      mask: mask(),
      type: AccountType.Credit,
      subtype: AccountSubtype.CreditCard,
      openingCents: random.int(20_000, 120_000),
      limitCents: random.int(8, 25) * 100_000,
    },
  ];
  if (investmentKind) {
    accounts.push({
      key: 'investment',
      id: id('investment'),
      name: investmentKind === 'ira' ? 'Roth IRA' : 'Individual Brokerage',
      officialName:
        investmentKind === 'ira' ? 'Roth Individual Retirement Account' : 'Individual Brokerage Account',
      mask: mask(),
      type: AccountType.Investment,
      subtype: investmentKind === 'ira' ? AccountSubtype.Roth : AccountSubtype.Brokerage,
      openingCents: 0,
      limitCents: null,
    });
  }
  return {
    city: random.pick(HOME_CITIES),
    employer: random.pick(EMPLOYERS),
    grossAnnual,
    raise: random.between(0.03, 0.08),
    landlord: random.pick(LANDLORDS),
    // About 27% of gross pay, rounded to $25, the same every month.
    rentCents: Math.round((grossAnnual * random.between(0.24, 0.3)) / 12 / 25) * 2500,
    gym: random.pick(GYMS),
    groceryWeekday: random.pick([0, 3, 6]),
    diningPerWeek: random.between(2.5, 5),
    coffeePerWeekday: random.between(0.4, 0.9),
    drives: random.chance(0.6),
    hasPet: random.chance(0.4),
    savingsApy: random.between(0.005, 0.045),
    investmentContributionCents: random.pick([25_000, 40_000, 50_000]),
    statementDay: random.int(3, 8),
    spendScale: Math.min(1.5, Math.max(0.65, grossAnnual / 95_000)),
    accounts,
    investmentKind,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Events: what happened, independent of when it is looked at

type AccountRole = 'checking' | 'savings' | 'credit';

type BankEvent = {
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

type Trip = { bookingDay: Day; arriveDay: Day; nights: number; city: City };

function generateEvents(seed: string, profile: Profile, startDay: Day, endDay: Day): BankEvent[] {
  const random = createRandom(`${seed}|events`);
  const events: BankEvent[] = [];
  const balances: Record<AccountRole, number> = {
    checking: accountSpec(profile, 'checking').openingCents,
    savings: accountSpec(profile, 'savings').openingCents,
    credit: accountSpec(profile, 'credit').openingCents,
  };
  const masks = Object.fromEntries(profile.accounts.map((account) => [account.key, account.mask]));
  const trips = tripsBetween(seed, profile, startDay, endDay);
  let statementCents = 0;

  const add = (
    event: Omit<BankEvent, 'index' | 'postDay' | 'minute' | 'pendingCents'> & {
      postDay?: Day;
      minute?: number;
      pendingCents?: number;
    },
  ) => {
    const full: BankEvent = {
      ...event,
      index: events.length,
      postDay: event.postDay ?? event.authDay,
      minute: event.minute ?? random.int(8 * 60, 21 * 60),
      pendingCents: event.pendingCents ?? event.postedCents,
    };
    events.push(full);
    // Depository balances fall with Plaid's positive amounts; a card's balance owed rises.
    balances[full.account] += full.account === 'credit' ? full.postedCents : -full.postedCents;
    return full;
  };
  const cardLag = () => (random.chance(0.5) ? 1 : random.chance(0.7) ? 2 : 3);
  const cents = (dollars: number) => Math.round(dollars * 100);
  const purchase = (
    day: Day,
    merchant: Merchant,
    dollars: number,
    options: { city?: City | null; tip?: boolean; account?: AccountRole; minute?: number } = {},
  ) => {
    const amount = cents(dollars);
    const account = options.account ?? (random.chance(0.85) ? 'credit' : 'checking');
    const posted = options.tip ? Math.round(amount * random.between(1.15, 1.22)) : amount;
    return add({
      account,
      authDay: day,
      postDay: day + cardLag(),
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
  };
  const ach = (
    day: Day,
    account: AccountRole,
    name: string,
    amountCents: number,
    category: PfcDetailed,
    counterparty: { name: string; type: CounterpartyType; website?: string } | null = null,
  ) =>
    add({
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
  const refundLater = (original: BankEvent, probability: number) => {
    if (!random.chance(probability)) return;
    const day = original.authDay + random.int(6, 20);
    const partial = random.chance(0.3);
    const amount = partial
      ? Math.round(original.postedCents * random.between(0.2, 0.6))
      : original.postedCents;
    add({
      ...original,
      authDay: day,
      postDay: day + 1,
      pendingCents: -amount,
      postedCents: -amount,
      rawName: null,
    });
  };

  for (let day = startDay; day <= endDay; day++) {
    const { dayOfMonth, daysInMonth, month } = calendar(day);
    const weekdayIndex = weekday(day);
    const isWeekend = weekdayIndex === 0 || weekdayIndex === 6;
    const yearsIn = Math.floor((day - startDay) / 365);
    const scale = profile.spendScale;
    const trip = trips.find(
      (candidate) => day >= candidate.arriveDay && day < candidate.arriveDay + candidate.nights,
    );

    // Income: paid on the 15th and the last day of the month (the Friday before when that is a weekend).
    if (isPayday(day, dayOfMonth, daysInMonth)) {
      const gross = (profile.grossAnnual * (1 + profile.raise) ** yearsIn) / 24;
      const net = Math.round(gross * 0.71 * 100);
      ach(day, 'checking', `${profile.employer} Payroll`, -net, 'INCOME_WAGES', {
        name: profile.employer,
        type: CounterpartyType.IncomeSource,
      });
    }
    if (dayOfMonth === 1) {
      ach(day, 'checking', `${profile.landlord} Rent`, profile.rentCents, 'RENT_AND_UTILITIES_RENT', {
        name: profile.landlord,
        type: CounterpartyType.Merchant,
      });
    }
    if (dayOfMonth === 18) {
      // Electricity follows the seasons: highest in winter and high summer.
      const seasonal = 1 + 0.35 * Math.cos(((month + 0.5) / 12) * 4 * Math.PI);
      const bill = cents(random.between(55, 85) * seasonal * Math.sqrt(scale));
      ach(day, 'checking', profile.city.electricity, bill, 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY', {
        name: profile.city.electricity,
        type: CounterpartyType.Merchant,
      });
    }

    // Subscriptions and bills on the card, on fixed days, with one price rise a year in.
    if (dayOfMonth === 7)
      purchase(day, SUBSCRIPTIONS.netflix, yearsIn >= 1 ? 17.99 : 15.49, { account: 'credit' });
    if (dayOfMonth === 12)
      purchase(day, SUBSCRIPTIONS.spotify, yearsIn >= 1 ? 11.99 : 10.99, { account: 'credit' });
    if (dayOfMonth === 3) purchase(day, profile.gym.merchant, profile.gym.monthly, { account: 'credit' });
    if (dayOfMonth === 21) purchase(day, SUBSCRIPTIONS.icloud, 2.99, { account: 'credit' });
    if (dayOfMonth === 9)
      purchase(day, SUBSCRIPTIONS.internet, yearsIn >= 1 ? 84.99 : 79.99, { account: 'credit' });
    if (dayOfMonth === 22) purchase(day, SUBSCRIPTIONS.phone, random.between(65, 72), { account: 'credit' });
    if (dayOfMonth === 5) purchase(day, SUBSCRIPTIONS.insurance, 14.5, { account: 'credit' });

    // Everyday spending, in the city where the person is that day.
    const here = trip ? trip.city : profile.city;
    if (!trip && weekdayIndex === profile.groceryWeekday && random.chance(0.93)) {
      purchase(day, random.pick(GROCERS), random.between(65, 175) * scale, {
        minute: random.int(10 * 60, 19 * 60),
      });
    } else if (!trip && random.chance(0.1)) {
      purchase(day, random.pick(GROCERS), random.between(12, 45) * scale);
    }
    const diningChance = ((trip ? 10 : profile.diningPerWeek) / 7) * (isWeekend ? 1.4 : 0.85);
    if (random.chance(Math.min(0.95, diningChance))) {
      purchase(day, random.pick(RESTAURANTS), random.between(18, 85) * scale, {
        city: here,
        tip: true,
        minute: random.int(12 * 60, 21 * 60 + 30),
      });
    }
    if (!isWeekend && random.chance(profile.coffeePerWeekday)) {
      purchase(day, random.pick(COFFEE_SHOPS), random.between(3.75, 8.5), {
        city: here,
        minute: random.int(7 * 60, 10 * 60),
      });
    }
    if (random.chance(0.1)) purchase(day, random.pick(FAST_FOOD), random.between(9, 19), { city: here });
    if (random.chance(trip ? 0.6 : 0.13))
      purchase(day, random.pick(RIDES), random.between(11, 38), { city: here });
    if (profile.drives && !trip && random.chance(0.11))
      purchase(day, random.pick(GAS_STATIONS), random.between(38, 62));
    if (!trip) {
      if (random.chance(0.14)) refundLater(purchase(day, SHOPS.amazon, random.between(12, 95) * scale), 0.06);
      if (random.chance(0.05)) purchase(day, SHOPS.target, random.between(25, 140) * scale);
      if (random.chance(0.03))
        refundLater(purchase(day, random.pick(SHOPS.clothing), random.between(35, 180) * scale), 0.15);
      if (random.chance(0.005))
        refundLater(purchase(day, random.pick(SHOPS.electronics), random.between(80, 900)), 0.1);
      if (random.chance(0.012)) purchase(day, random.pick(SHOPS.home), random.between(20, 260));
      if (random.chance(0.01)) purchase(day, SHOPS.books, random.between(12, 40));
      if (profile.hasPet && random.chance(0.035)) purchase(day, SHOPS.pets, random.between(30, 90));
      if (random.chance(0.035)) purchase(day, random.pick(SHOPS.pharmacy), random.between(8, 55));
      if (random.chance(0.028)) purchase(day, SHOPS.haircut, random.pick([30, 35, 40, 45]));
      if (isWeekend && random.chance(0.06)) purchase(day, SHOPS.movies, random.pick([15.5, 31, 46.5]));
      if (random.chance(0.025)) {
        const amount = random.pick([60, 80, 100, 120, 200]) * 100;
        ach(
          day,
          'checking',
          `ATM Withdrawal ${profile.city.city} ${profile.city.region}`,
          amount,
          'TRANSFER_OUT_WITHDRAWAL',
        );
      }
    }
    if (month === 11 && dayOfMonth === 15)
      purchase(day, SHOPS.donation, random.pick([50, 100, 150, 250]), { account: 'credit' });

    // Trips: the flight is booked weeks ahead, the hotel is charged at check-out.
    for (const booked of trips) {
      if (booked.bookingDay === day)
        purchase(day, random.pick(AIRLINES), random.between(280, 820), { account: 'credit' });
      if (booked.arriveDay + booked.nights === day) {
        purchase(day, random.pick(HOTELS), booked.nights * random.between(140, 290), {
          account: 'credit',
          city: booked.city,
        });
      }
    }

    // Savings interest at the end of the month.
    if (dayOfMonth === daysInMonth && balances.savings > 0) {
      const interest = Math.round((balances.savings * profile.savingsApy) / 12);
      if (interest > 0) ach(day, 'savings', 'Interest Payment', -interest, 'INCOME_INTEREST_EARNED');
    }
    // The card: the statement balance is paid in full from checking 20 days after the statement date.
    if (dayOfMonth === profile.statementDay) statementCents = balances.credit;
    if (dayOfMonth === profile.statementDay + 20 && statementCents > 0) {
      ach(
        day,
        'checking',
        `Payment to Cash Rewards Visa ...${masks.credit}`,
        statementCents,
        'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT',
      );
      ach(day, 'credit', 'AUTOPAY PAYMENT - THANK YOU', -statementCents, 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT');
      statementCents = 0;
    }
    if (dayOfMonth === 20 && profile.investmentKind) {
      ach(
        day,
        'checking',
        'Vanguard Buy Investment',
        profile.investmentContributionCents,
        'TRANSFER_OUT_INVESTMENT_AND_RETIREMENT_FUNDS',
        {
          name: 'Vanguard',
          type: CounterpartyType.FinancialInstitution,
        },
      );
    }
    // Sweep what is left over to savings mid-month; top checking up from savings if it runs low.
    const buffer = profile.rentCents * 2 + 150_000;
    if (dayOfMonth === 16 && balances.checking > buffer + 10_000) {
      moveMoney(day, Math.floor((balances.checking - buffer) / 5000) * 5000, 'checking', 'savings');
    } else if (balances.checking < 100_000 && balances.savings > 200_000) {
      moveMoney(day, 150_000, 'savings', 'checking');
    }
  }
  return events;

  function moveMoney(
    day: Day,
    amountCents: number,
    from: 'checking' | 'savings',
    to: 'checking' | 'savings',
  ) {
    const fromName = from === 'checking' ? 'Checking' : 'Savings';
    const toName = to === 'checking' ? 'Checking' : 'Savings';
    ach(
      day,
      from,
      `Online Transfer to ${toName} ...${masks[to]}`,
      amountCents,
      'TRANSFER_OUT_ACCOUNT_TRANSFER',
    );
    ach(
      day,
      to,
      `Online Transfer from ${fromName} ...${masks[from]}`,
      -amountCents,
      'TRANSFER_IN_ACCOUNT_TRANSFER',
    );
  }
}

function isPayday(day: Day, dayOfMonth: number, daysInMonth: number): boolean {
  return [15, daysInMonth].some((target) => {
    const targetDay = day - dayOfMonth + target;
    const shift = weekday(targetDay) === 6 ? 1 : weekday(targetDay) === 0 ? 2 : 0;
    return targetDay - shift === day;
  });
}

/** About two trips a year; each trip depends only on the seed and its number. */
function tripsBetween(seed: string, profile: Profile, startDay: Day, endDay: Day): Trip[] {
  const trips: Trip[] = [];
  for (let number = 0; startDay + number * 182 <= endDay + 60; number++) {
    const random = createRandom(`${seed}|trip|${number}`);
    const arriveDay = startDay + number * 182 + random.int(40, 160);
    trips.push({
      arriveDay,
      bookingDay: arriveDay - random.int(21, 50),
      nights: random.int(3, 6),
      city: random.pick(TRIP_CITIES.filter((city) => city.city !== profile.city.city)),
    });
  }
  return trips;
}

function accountSpec(profile: Profile, key: BankAccountKey): AccountSpec {
  const spec = profile.accounts.find((account) => account.key === key);
  if (!spec) throw new RangeError(`No ${key} account`);
  return spec;
}

// ---------------------------------------------------------------------------------------------------------
// Views: an event as Plaid shows it on a given day

/** Plaid's payment_meta when the institution reports none (every field is required, all null). */
export const EMPTY_PAYMENT_META = {
  by_order_of: null,
  payee: null,
  payer: null,
  payment_method: null,
  payment_processor: null,
  ppd_id: null,
  reason: null,
  reference_number: null,
} as const;

/** Plaid's location when the institution reports none (every field is required, all null). */
export const NO_LOCATION: Location = {
  address: null,
  city: null,
  region: null,
  postal_code: null,
  country: null,
  lat: null,
  lon: null,
  store_number: null,
};

const PAYMENT_CHANNEL = {
  online: TransactionPaymentChannelEnum.Online,
  'in store': TransactionPaymentChannelEnum.InStore,
  other: TransactionPaymentChannelEnum.Other,
} as const satisfies Record<BankEvent['channel'], TransactionPaymentChannelEnum>;

const TRANSACTION_TYPE = {
  online: TransactionTransactionTypeEnum.Digital,
  'in store': TransactionTransactionTypeEnum.Place,
  other: TransactionTransactionTypeEnum.Special,
} as const satisfies Record<BankEvent['channel'], TransactionTransactionTypeEnum>;

const entityIds = new Map<string, string>();

function merchantEntityId(name: string): string {
  let id = entityIds.get(name);
  if (id === undefined) {
    id = stableId(`merchant|${name}`);
    entityIds.set(name, id);
  }
  return id;
}

const ENRICHMENT_DAYS = 2;

export function pendingTransactionId(seed: string, index: number): string {
  return stableId(`${seed}|txn|${index}|pending`);
}

export function postedTransactionId(seed: string, index: number): string {
  return stableId(`${seed}|txn|${index}|posted`);
}

function viewTransaction(seed: string, profile: Profile, event: BankEvent, today: Day): Transaction | null {
  if (event.authDay > today) return null;
  const pending = event.postDay > today;
  const hasPendingPhase = event.postDay > event.authDay;
  // Plaid cleans a raw descriptor into a merchant name a couple of days after the transaction posts.
  const enriched = event.rawName === null || (!pending && today >= event.postDay + ENRICHMENT_DAYS);
  const time = `${String(Math.floor(event.minute / 60)).padStart(2, '0')}:${String(event.minute % 60).padStart(2, '0')}:00Z`;
  const authorizedDate = isoFromDay(event.authDay);
  const date = pending ? authorizedDate : isoFromDay(event.postDay);
  const merchantName = enriched ? event.merchant : null;
  const primary = primaryOf(event.category);
  const accountId = accountSpec(profile, event.account).id;
  return {
    account_id: accountId,
    transaction_id: pending
      ? pendingTransactionId(seed, event.index)
      : postedTransactionId(seed, event.index),
    pending_transaction_id: !pending && hasPendingPhase ? pendingTransactionId(seed, event.index) : null,
    amount: (pending ? event.pendingCents : event.postedCents) / 100,
    iso_currency_code: 'USD',
    unofficial_currency_code: null,
    date,
    datetime: `${date}T${time}`,
    authorized_date: authorizedDate,
    authorized_datetime: `${authorizedDate}T${time}`,
    name: enriched ? event.name : (event.rawName ?? event.name),
    merchant_name: merchantName,
    merchant_entity_id: merchantName ? merchantEntityId(merchantName) : null,
    logo_url: null,
    website: enriched ? event.website : null,
    pending,
    payment_channel: PAYMENT_CHANNEL[event.channel],
    transaction_type: TRANSACTION_TYPE[event.channel],
    transaction_code: null,
    check_number: null,
    account_owner: null,
    original_description: null,
    location: event.city
      ? {
          ...NO_LOCATION,
          city: event.city.city,
          region: event.city.region,
          postal_code: event.city.postalCode,
          country: 'US',
          lat: event.city.lat,
          lon: event.city.lon,
        }
      : NO_LOCATION,
    payment_meta: EMPTY_PAYMENT_META,
    personal_finance_category: {
      primary,
      detailed: event.category,
      confidence_level: enriched ? 'VERY_HIGH' : 'LOW',
    },
    personal_finance_category_icon_url: `https://plaid-category-icons.plaid.com/PFC_${primary}.png`,
    counterparties:
      enriched &&
      event.counterpartyType &&
      (event.merchant || event.counterpartyType !== CounterpartyType.Merchant)
        ? [
            {
              name: event.merchant ?? event.name,
              type: event.counterpartyType,
              website: event.website,
              logo_url: null,
              entity_id: merchantEntityId(event.merchant ?? event.name),
              confidence_level: 'VERY_HIGH',
            },
          ]
        : [],
  };
}

function accountsOn(
  profile: Profile,
  events: BankEvent[],
  today: Day,
  investmentValue: number,
  investmentCash: number,
): AccountBase[] {
  const posted: Record<AccountRole, number> = { checking: 0, savings: 0, credit: 0 };
  const pendingOut: Record<AccountRole, number> = { checking: 0, savings: 0, credit: 0 };
  for (const event of events) {
    if (event.authDay > today) continue;
    if (event.postDay <= today) posted[event.account] += event.postedCents;
    else if (event.pendingCents > 0) pendingOut[event.account] += event.pendingCents;
  }
  return profile.accounts.map((spec) => {
    let current: number;
    let available: number | null;
    if (spec.key === 'investment') {
      current = investmentValue;
      available = investmentCash;
    } else if (spec.key === 'credit') {
      const owed = spec.openingCents + posted.credit;
      current = owed / 100;
      available = ((spec.limitCents ?? 0) - owed - pendingOut.credit) / 100;
    } else {
      const balance = spec.openingCents - posted[spec.key];
      current = balance / 100;
      available = (balance - pendingOut[spec.key]) / 100;
    }
    return {
      account_id: spec.id,
      name: spec.name,
      official_name: spec.officialName,
      mask: spec.mask,
      type: spec.type,
      subtype: spec.subtype,
      balances: {
        available,
        current,
        limit: spec.limitCents === null ? null : spec.limitCents / 100,
        iso_currency_code: 'USD',
        unofficial_currency_code: null,
      },
      holder_category: AccountHolderCategory.Personal,
    };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Investments

type SecuritySpec = {
  ticker: string;
  name: string;
  type: 'etf' | 'equity' | 'mutual fund';
  price: number;
  mic: string;
};

const SECURITIES: readonly SecuritySpec[] = [
  { ticker: 'VTI', name: 'Vanguard Total Stock Market ETF', type: 'etf', price: 292.4, mic: 'ARCX' },
  { ticker: 'VXUS', name: 'Vanguard Total International Stock ETF', type: 'etf', price: 67.8, mic: 'XNAS' },
  { ticker: 'BND', name: 'Vanguard Total Bond Market ETF', type: 'etf', price: 73.1, mic: 'XNAS' },
  { ticker: 'AAPL', name: 'Apple Inc.', type: 'equity', price: 229.5, mic: 'XNAS' },
  { ticker: 'MSFT', name: 'Microsoft Corporation', type: 'equity', price: 431.2, mic: 'XNAS' },
  {
    ticker: 'VFIAX',
    name: 'Vanguard 500 Index Fund Admiral Shares',
    type: 'mutual fund',
    price: 541.3,
    mic: 'XNAS',
  },
  { ticker: 'NVDA', name: 'NVIDIA Corporation', type: 'equity', price: 131.6, mic: 'XNAS' },
  { ticker: 'AMZN', name: 'Amazon.com, Inc.', type: 'equity', price: 198.4, mic: 'XNAS' },
];

/** A deterministic daily close: a slow cycle plus day-to-day noise around the reference price. */
function closePrice(spec: SecuritySpec, day: Day): number {
  const phase = createRandom(`price|${spec.ticker}`).next() * 2 * Math.PI;
  const noise = createRandom(`price|${spec.ticker}|${day}`).between(-0.012, 0.012);
  const price = spec.price * (1 + 0.08 * Math.sin(day / 90 + phase) + noise);
  return Math.round(price * 100) / 100;
}

function holdingsOn(seed: string, profile: Profile, today: Day) {
  const account = profile.accounts.find((spec) => spec.key === 'investment');
  if (!account) return { holdings: [], securities: [], investmentValue: 0, investmentCash: 0 };
  const random = createRandom(`${seed}|holdings`);
  const core = SECURITIES.filter((spec) => ['VTI', 'VXUS', 'BND', 'VFIAX'].includes(spec.ticker));
  const picks = [...core.filter(() => random.chance(0.8))];
  for (const spec of SECURITIES.filter((candidate) => !core.includes(candidate)))
    if (random.chance(0.45)) picks.push(spec);
  if (picks.length === 0) picks.push(...core.slice(0, 1));
  const asOf = isoFromDay(today);
  const holdings: Holding[] = [];
  const securities: Security[] = [];
  let totalCents = 0;
  for (const spec of picks) {
    const price = closePrice(spec, today);
    const targetValue = random.between(2_000, spec.type === 'equity' ? 12_000 : 30_000);
    const quantity =
      spec.type === 'mutual fund'
        ? Math.round((targetValue / price) * 1000) / 1000
        : Math.max(1, Math.round(targetValue / price));
    const valueCents = Math.round(price * quantity * 100);
    totalCents += valueCents;
    const securityId = stableId(`security|${spec.ticker}`);
    holdings.push({
      account_id: account.id,
      security_id: securityId,
      institution_price: price,
      institution_price_as_of: asOf,
      institution_price_datetime: null,
      institution_value: valueCents / 100,
      cost_basis: Math.round(valueCents * random.between(0.7, 0.98)) / 100,
      quantity,
      iso_currency_code: 'USD',
      unofficial_currency_code: null,
      vested_quantity: null,
      vested_value: null,
    });
    securities.push(security(securityId, spec.name, spec.ticker, spec.type, price, asOf, spec.mic, false));
  }
  const cashCents = random.int(5_000, 250_000);
  const cashId = stableId('security|CUR:USD');
  holdings.push({
    account_id: account.id,
    security_id: cashId,
    institution_price: 1,
    institution_price_as_of: asOf,
    institution_price_datetime: null,
    institution_value: cashCents / 100,
    cost_basis: cashCents / 100,
    quantity: cashCents / 100,
    iso_currency_code: 'USD',
    unofficial_currency_code: null,
    vested_quantity: null,
    vested_value: null,
  });
  securities.push(security(cashId, 'U S Dollar', 'CUR:USD', 'cash', 1, asOf, null, true));
  return {
    holdings,
    securities,
    investmentValue: (totalCents + cashCents) / 100,
    investmentCash: cashCents / 100,
  };
}

function security(
  securityId: string,
  name: string,
  ticker: string,
  type: string,
  price: number,
  asOf: string,
  mic: string | null,
  isCash: boolean,
): Security {
  return {
    security_id: securityId,
    name,
    ticker_symbol: ticker,
    type,
    subtype: type === 'cash' ? 'cash' : type === 'equity' ? 'common stock' : type,
    close_price: price,
    close_price_as_of: asOf,
    update_datetime: null,
    iso_currency_code: 'USD',
    unofficial_currency_code: null,
    is_cash_equivalent: isCash,
    isin: null,
    cusip: null,
    sedol: null,
    figi: null,
    institution_id: null,
    institution_security_id: null,
    proxy_security_id: null,
    market_identifier_code: mic,
    sector: null,
    industry: null,
    cfi_code: null,
    option_contract: null,
    fixed_income: null,
  };
}
