import { AccountSubtype, AccountType } from 'plaid';
import { type City, EMPLOYERS, GYMS, HOME_CITIES, LANDLORDS } from '../merchants.ts';
import { createRandom, stableId } from '../random.ts';

/** The person behind the seed: where they live, what they earn, their habits and their accounts. */

export type BankAccountKey = 'checking' | 'savings' | 'credit' | 'investment';

export type AccountSpec = {
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

export type Profile = {
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

export function createProfile(seed: string): Profile {
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

export function accountSpec(profile: Profile, key: BankAccountKey): AccountSpec {
  const spec = profile.accounts.find((account) => account.key === key);
  if (!spec) throw new RangeError(`No ${key} account`);
  return spec;
}
