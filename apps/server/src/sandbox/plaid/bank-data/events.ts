import { CounterpartyType } from 'plaid';
import { calendar, type Day, weekday } from '../days.ts';
import {
  AIRLINES,
  type City,
  COFFEE_SHOPS,
  FAST_FOOD,
  GAS_STATIONS,
  GROCERS,
  HOTELS,
  RESTAURANTS,
  RIDES,
  SHOPS,
  SUBSCRIPTIONS,
  TRIP_CITIES,
} from '../merchants.ts';
import { createRandom } from '../random.ts';
import {
  ach,
  type BankEvent,
  cents,
  createEventLog,
  type EventLog,
  moveMoney,
  purchase,
  refundLater,
} from './event-log.ts';
import type { Profile } from './profile.ts';

/**
 * Events are generated day by day from the history start with one seeded stream, so the events of a day
 * never depend on how far the history runs: tomorrow's data is today's data plus tomorrow. Each part of a
 * day below draws from that stream in a fixed order; reordering them changes every generated value.
 */

type Trip = { bookingDay: Day; arriveDay: Day; nights: number; city: City };

type DayContext = {
  day: Day;
  dayOfMonth: number;
  daysInMonth: number;
  month: number;
  weekdayIndex: number;
  isWeekend: boolean;
  /** Whole years since the history start (pay raises, price rises). */
  yearsIn: number;
  /** The trip the person is on that day, if any. */
  trip: Trip | undefined;
};

export function generateEvents(seed: string, profile: Profile, startDay: Day, endDay: Day): BankEvent[] {
  const log = createEventLog(seed, profile);
  const trips = tripsBetween(seed, profile, startDay, endDay);
  for (let day = startDay; day <= endDay; day++) {
    const { dayOfMonth, daysInMonth, month } = calendar(day);
    const weekdayIndex = weekday(day);
    const today: DayContext = {
      day,
      dayOfMonth,
      daysInMonth,
      month,
      weekdayIndex,
      isWeekend: weekdayIndex === 0 || weekdayIndex === 6,
      yearsIn: Math.floor((day - startDay) / 365),
      trip: trips.find(
        (candidate) => day >= candidate.arriveDay && day < candidate.arriveDay + candidate.nights,
      ),
    };
    recordIncomeAndBills(log, today);
    recordSubscriptions(log, today);
    recordEverydaySpending(log, today);
    recordShopping(log, today);
    recordTrips(log, today, trips);
    recordSavingsAndCard(log, today);
  }
  return log.events;
}

function recordIncomeAndBills(log: EventLog, { day, dayOfMonth, daysInMonth, month, yearsIn }: DayContext) {
  const { random, profile } = log;
  const scale = profile.spendScale;
  // Income: paid on the 15th and the last day of the month (the Friday before when that is a weekend).
  if (isPayday(day, dayOfMonth, daysInMonth)) {
    const gross = (profile.grossAnnual * (1 + profile.raise) ** yearsIn) / 24;
    const net = Math.round(gross * 0.71 * 100);
    ach(log, day, 'checking', `${profile.employer} Payroll`, -net, 'INCOME_WAGES', {
      name: profile.employer,
      type: CounterpartyType.IncomeSource,
    });
  }
  if (dayOfMonth === 1) {
    ach(log, day, 'checking', `${profile.landlord} Rent`, profile.rentCents, 'RENT_AND_UTILITIES_RENT', {
      name: profile.landlord,
      type: CounterpartyType.Merchant,
    });
  }
  if (dayOfMonth === 18) {
    // Electricity follows the seasons: highest in winter and high summer.
    const seasonal = 1 + 0.35 * Math.cos(((month + 0.5) / 12) * 4 * Math.PI);
    const bill = cents(random.between(55, 85) * seasonal * Math.sqrt(scale));
    ach(log, day, 'checking', profile.city.electricity, bill, 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY', {
      name: profile.city.electricity,
      type: CounterpartyType.Merchant,
    });
  }
}

/** Subscriptions and bills on the card, on fixed days, with one price rise a year in. */
function recordSubscriptions(log: EventLog, { day, dayOfMonth, yearsIn }: DayContext) {
  const { random, profile } = log;
  const onCard = { account: 'credit' } as const;
  if (dayOfMonth === 7) purchase(log, day, SUBSCRIPTIONS.netflix, yearsIn >= 1 ? 17.99 : 15.49, onCard);
  if (dayOfMonth === 12) purchase(log, day, SUBSCRIPTIONS.spotify, yearsIn >= 1 ? 11.99 : 10.99, onCard);
  if (dayOfMonth === 3) purchase(log, day, profile.gym.merchant, profile.gym.monthly, onCard);
  if (dayOfMonth === 21) purchase(log, day, SUBSCRIPTIONS.icloud, 2.99, onCard);
  if (dayOfMonth === 9) purchase(log, day, SUBSCRIPTIONS.internet, yearsIn >= 1 ? 84.99 : 79.99, onCard);
  if (dayOfMonth === 22) purchase(log, day, SUBSCRIPTIONS.phone, random.between(65, 72), onCard);
  if (dayOfMonth === 5) purchase(log, day, SUBSCRIPTIONS.insurance, 14.5, onCard);
}

/** Everyday spending, in the city where the person is that day. */
function recordEverydaySpending(log: EventLog, { day, weekdayIndex, isWeekend, trip }: DayContext) {
  const { random, profile } = log;
  const scale = profile.spendScale;
  const here = trip ? trip.city : profile.city;
  if (!trip && weekdayIndex === profile.groceryWeekday && random.chance(0.93)) {
    purchase(log, day, random.pick(GROCERS), random.between(65, 175) * scale, {
      minute: random.int(10 * 60, 19 * 60),
    });
  } else if (!trip && random.chance(0.1)) {
    purchase(log, day, random.pick(GROCERS), random.between(12, 45) * scale);
  }
  const diningChance = ((trip ? 10 : profile.diningPerWeek) / 7) * (isWeekend ? 1.4 : 0.85);
  if (random.chance(Math.min(0.95, diningChance))) {
    purchase(log, day, random.pick(RESTAURANTS), random.between(18, 85) * scale, {
      city: here,
      tip: true,
      minute: random.int(12 * 60, 21 * 60 + 30),
    });
  }
  if (!isWeekend && random.chance(profile.coffeePerWeekday)) {
    purchase(log, day, random.pick(COFFEE_SHOPS), random.between(3.75, 8.5), {
      city: here,
      minute: random.int(7 * 60, 10 * 60),
    });
  }
  if (random.chance(0.1)) purchase(log, day, random.pick(FAST_FOOD), random.between(9, 19), { city: here });
  if (random.chance(trip ? 0.6 : 0.13))
    purchase(log, day, random.pick(RIDES), random.between(11, 38), { city: here });
  if (profile.drives && !trip && random.chance(0.11))
    purchase(log, day, random.pick(GAS_STATIONS), random.between(38, 62));
}

/** Shopping, errands and cash at home (none while travelling), and the year-end donation. */
function recordShopping(log: EventLog, { day, dayOfMonth, month, isWeekend, trip }: DayContext) {
  const { random, profile } = log;
  const scale = profile.spendScale;
  if (!trip) {
    if (random.chance(0.14))
      refundLater(log, purchase(log, day, SHOPS.amazon, random.between(12, 95) * scale), 0.06);
    if (random.chance(0.05)) purchase(log, day, SHOPS.target, random.between(25, 140) * scale);
    if (random.chance(0.03))
      refundLater(
        log,
        purchase(log, day, random.pick(SHOPS.clothing), random.between(35, 180) * scale),
        0.15,
      );
    if (random.chance(0.005))
      refundLater(log, purchase(log, day, random.pick(SHOPS.electronics), random.between(80, 900)), 0.1);
    if (random.chance(0.012)) purchase(log, day, random.pick(SHOPS.home), random.between(20, 260));
    if (random.chance(0.01)) purchase(log, day, SHOPS.books, random.between(12, 40));
    if (profile.hasPet && random.chance(0.035)) purchase(log, day, SHOPS.pets, random.between(30, 90));
    if (random.chance(0.035)) purchase(log, day, random.pick(SHOPS.pharmacy), random.between(8, 55));
    if (random.chance(0.028)) purchase(log, day, SHOPS.haircut, random.pick([30, 35, 40, 45]));
    if (isWeekend && random.chance(0.06)) purchase(log, day, SHOPS.movies, random.pick([15.5, 31, 46.5]));
    if (random.chance(0.025)) {
      const amount = random.pick([60, 80, 100, 120, 200]) * 100;
      ach(
        log,
        day,
        'checking',
        `ATM Withdrawal ${profile.city.city} ${profile.city.region}`,
        amount,
        'TRANSFER_OUT_WITHDRAWAL',
      );
    }
  }
  if (month === 11 && dayOfMonth === 15)
    purchase(log, day, SHOPS.donation, random.pick([50, 100, 150, 250]), { account: 'credit' });
}

/** Trips: the flight is booked weeks ahead, the hotel is charged at check-out. */
function recordTrips(log: EventLog, { day }: DayContext, trips: readonly Trip[]) {
  const { random } = log;
  for (const booked of trips) {
    if (booked.bookingDay === day)
      purchase(log, day, random.pick(AIRLINES), random.between(280, 820), { account: 'credit' });
    if (booked.arriveDay + booked.nights === day) {
      purchase(log, day, random.pick(HOTELS), booked.nights * random.between(140, 290), {
        account: 'credit',
        city: booked.city,
      });
    }
  }
}

/** Savings interest, the card's statement and its payment, the monthly investment, and the sweeps. */
function recordSavingsAndCard(log: EventLog, { day, dayOfMonth, daysInMonth }: DayContext) {
  const { profile, balances } = log;
  // Savings interest at the end of the month.
  if (dayOfMonth === daysInMonth && balances.savings > 0) {
    const interest = Math.round((balances.savings * profile.savingsApy) / 12);
    if (interest > 0) ach(log, day, 'savings', 'Interest Payment', -interest, 'INCOME_INTEREST_EARNED');
  }
  // The card: the statement balance is paid in full from checking 20 days after the statement date.
  if (dayOfMonth === profile.statementDay) log.statementCents = balances.credit;
  if (dayOfMonth === profile.statementDay + 20 && log.statementCents > 0) {
    ach(
      log,
      day,
      'checking',
      `Payment to Cash Rewards Visa ...${log.masks.credit}`,
      log.statementCents,
      'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT',
    );
    ach(
      log,
      day,
      'credit',
      'AUTOPAY PAYMENT - THANK YOU',
      -log.statementCents,
      'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT',
    );
    log.statementCents = 0;
  }
  if (dayOfMonth === 20 && profile.investmentKind) {
    ach(
      log,
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
    moveMoney(log, day, Math.floor((balances.checking - buffer) / 5000) * 5000, 'checking', 'savings');
  } else if (balances.checking < 100_000 && balances.savings > 200_000) {
    moveMoney(log, day, 150_000, 'savings', 'checking');
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
