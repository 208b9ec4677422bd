import {
  CATEGORY_PRIMARY_CODES,
  CATEGORY_TAXONOMY,
  type CategoryCode,
  type CategoryDetailedCode,
  type CategoryPrimaryCode,
} from '@penny/contracts';

/**
 * Readable names for the transaction categories the ledger holds: Plaid's personal-finance categories
 * (PFC v1, every primary and detailed code) and Penny's own INVESTMENT codes for brokerage trades
 * (connections/snaptrade/conversions.ts). The codes themselves, and a code's primary, are the contracts'
 * (categories.ts), shared with the web. Each code has a label ('Groceries') and everyday words people
 * use for it ('supermarket', 'grocery'), so a model can match a user's words to a code. Plain data: the
 * tables below are exhaustive over the taxonomy's codes (a new code fails to compile until it is named).
 */

export {
  type CategoryCode,
  type CategoryDetailedCode,
  type CategoryPrimaryCode,
  primaryCategoryOf,
} from '@penny/contracts';

type Naming = readonly [label: string, synonyms: readonly string[]];

const PRIMARY_NAMES = {
  INCOME: ['Income', ['earnings', 'paycheck', 'money in', 'revenue']],
  TRANSFER_IN: ['Transfers in', ['incoming transfer', 'transfer in', 'money received']],
  TRANSFER_OUT: ['Transfers out', ['outgoing transfer', 'transfer out', 'money sent']],
  LOAN_PAYMENTS: ['Loan payments', ['debt payments', 'loans', 'debt']],
  BANK_FEES: ['Bank fees', ['fees', 'bank charges', 'charges']],
  ENTERTAINMENT: ['Entertainment', ['fun', 'leisure', 'going out']],
  FOOD_AND_DRINK: ['Food and drink', ['food', 'eating', 'meals', 'food and dining']],
  GENERAL_MERCHANDISE: ['Shopping', ['general merchandise', 'retail', 'stores', 'purchases']],
  HOME_IMPROVEMENT: ['Home improvement', ['home', 'house', 'diy', 'renovation']],
  MEDICAL: ['Medical', ['health', 'healthcare', 'medical bills', 'doctors']],
  PERSONAL_CARE: ['Personal care', ['self care', 'grooming', 'wellness']],
  GENERAL_SERVICES: ['Services', ['general services', 'service providers']],
  GOVERNMENT_AND_NON_PROFIT: ['Government and non-profit', ['government', 'charity', 'non-profit', 'taxes']],
  TRANSPORTATION: ['Transportation', ['transport', 'commute', 'getting around', 'car costs']],
  TRAVEL: ['Travel', ['trips', 'vacation', 'holiday', 'holidays']],
  RENT_AND_UTILITIES: ['Rent and utilities', ['housing', 'bills', 'living costs', 'household bills']],
  INVESTMENT: ['Investment trades', ['trades', 'trading', 'investing', 'investment activity']],
} as const satisfies Record<CategoryPrimaryCode, Naming>;

const DETAILED_NAMES = {
  INCOME_DIVIDENDS: ['Dividends', ['dividend', 'dividend income']],
  INCOME_INTEREST_EARNED: ['Interest earned', ['interest', 'interest income', 'savings interest']],
  INCOME_RETIREMENT_PENSION: ['Retirement and pension', ['pension', 'retirement income', 'social security']],
  INCOME_TAX_REFUND: ['Tax refund', ['tax return', 'irs refund', 'refund from taxes']],
  INCOME_UNEMPLOYMENT: ['Unemployment benefits', ['unemployment', 'benefits']],
  INCOME_WAGES: ['Wages and salary', ['salary', 'paycheck', 'payroll', 'wages', 'pay']],
  INCOME_OTHER_INCOME: ['Other income', ['side income', 'miscellaneous income']],
  TRANSFER_IN_CASH_ADVANCES_AND_LOANS: ['Cash advances and loans', ['cash advance', 'loan received']],
  TRANSFER_IN_DEPOSIT: ['Deposits', ['deposit', 'cash deposit', 'check deposit']],
  TRANSFER_IN_INVESTMENT_AND_RETIREMENT_FUNDS: [
    'Transfers from investments',
    ['investment withdrawal', 'from brokerage', 'from retirement account'],
  ],
  TRANSFER_IN_SAVINGS: ['Transfers from savings', ['from savings']],
  TRANSFER_IN_ACCOUNT_TRANSFER: [
    'Transfers in between accounts',
    ['internal transfer in', 'from my account'],
  ],
  TRANSFER_IN_OTHER_TRANSFER_IN: ['Other transfers in', ['received payment', 'incoming payment']],
  TRANSFER_OUT_INVESTMENT_AND_RETIREMENT_FUNDS: [
    'Investment contributions',
    ['investing', 'brokerage contribution', '401k contribution', 'ira contribution', 'retirement savings'],
  ],
  TRANSFER_OUT_SAVINGS: ['Transfers to savings', ['saving', 'to savings']],
  TRANSFER_OUT_WITHDRAWAL: ['Cash withdrawals', ['atm withdrawal', 'cash withdrawal', 'withdrawal']],
  TRANSFER_OUT_ACCOUNT_TRANSFER: [
    'Transfers out between accounts',
    ['internal transfer out', 'to my account'],
  ],
  TRANSFER_OUT_OTHER_TRANSFER_OUT: ['Other transfers out', ['sent payment', 'outgoing payment']],
  LOAN_PAYMENTS_CAR_PAYMENT: ['Car payments', ['auto loan', 'car loan', 'car payment']],
  LOAN_PAYMENTS_CREDIT_CARD_PAYMENT: ['Credit card payments', ['card payment', 'credit card bill']],
  LOAN_PAYMENTS_PERSONAL_LOAN_PAYMENT: ['Personal loan payments', ['personal loan']],
  LOAN_PAYMENTS_MORTGAGE_PAYMENT: ['Mortgage payments', ['mortgage', 'home loan']],
  LOAN_PAYMENTS_STUDENT_LOAN_PAYMENT: ['Student loan payments', ['student loans', 'student debt']],
  LOAN_PAYMENTS_OTHER_PAYMENT: ['Other loan payments', ['loan payment']],
  BANK_FEES_ATM_FEES: ['ATM fees', ['atm fee', 'cash machine fee']],
  BANK_FEES_FOREIGN_TRANSACTION_FEES: ['Foreign transaction fees', ['fx fee', 'currency conversion fee']],
  BANK_FEES_INSUFFICIENT_FUNDS: ['Insufficient funds fees', ['nsf fee', 'bounced payment']],
  BANK_FEES_INTEREST_CHARGE: [
    'Interest charges',
    ['finance charge', 'credit card interest', 'interest paid'],
  ],
  BANK_FEES_OVERDRAFT_FEES: ['Overdraft fees', ['overdraft']],
  BANK_FEES_OTHER_BANK_FEES: ['Other bank fees', ['account fee', 'service charge', 'monthly fee']],
  ENTERTAINMENT_CASINOS_AND_GAMBLING: ['Casinos and gambling', ['gambling', 'betting', 'casino', 'lottery']],
  ENTERTAINMENT_MUSIC_AND_AUDIO: [
    'Music and audio',
    ['music', 'music streaming', 'spotify', 'podcasts', 'audiobooks'],
  ],
  ENTERTAINMENT_SPORTING_EVENTS_AMUSEMENT_PARKS_AND_MUSEUMS: [
    'Events, amusement parks and museums',
    ['concerts', 'tickets', 'museums', 'sports events', 'theme parks', 'shows'],
  ],
  ENTERTAINMENT_TV_AND_MOVIES: ['TV and movies', ['streaming', 'netflix', 'movies', 'cinema', 'tv']],
  ENTERTAINMENT_VIDEO_GAMES: ['Video games', ['gaming', 'games', 'game purchases']],
  ENTERTAINMENT_OTHER_ENTERTAINMENT: ['Other entertainment', ['hobbies', 'recreation']],
  FOOD_AND_DRINK_BEER_WINE_AND_LIQUOR: ['Beer, wine and liquor', ['alcohol', 'liquor store', 'wine', 'beer']],
  FOOD_AND_DRINK_COFFEE: ['Coffee', ['coffee shops', 'cafe', 'cafes', 'starbucks']],
  FOOD_AND_DRINK_FAST_FOOD: ['Fast food', ['takeout', 'take-out', 'quick service', 'burgers']],
  FOOD_AND_DRINK_GROCERIES: ['Groceries', ['supermarket', 'grocery', 'grocery store', 'food shopping']],
  FOOD_AND_DRINK_RESTAURANT: ['Restaurants', ['dining', 'dining out', 'eating out', 'restaurant', 'dinners']],
  FOOD_AND_DRINK_VENDING_MACHINES: ['Vending machines', ['vending', 'snacks']],
  FOOD_AND_DRINK_OTHER_FOOD_AND_DRINK: ['Other food and drink', ['food delivery', 'bakery']],
  GENERAL_MERCHANDISE_BOOKSTORES_AND_NEWSSTANDS: [
    'Books and newspapers',
    ['books', 'bookstore', 'magazines', 'newspapers'],
  ],
  GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES: [
    'Clothing and accessories',
    ['clothes', 'apparel', 'fashion', 'shoes'],
  ],
  GENERAL_MERCHANDISE_CONVENIENCE_STORES: ['Convenience stores', ['corner shop', 'convenience store']],
  GENERAL_MERCHANDISE_DEPARTMENT_STORES: ['Department stores', ['department store']],
  GENERAL_MERCHANDISE_DISCOUNT_STORES: ['Discount stores', ['dollar store', 'discount store']],
  GENERAL_MERCHANDISE_ELECTRONICS: ['Electronics', ['gadgets', 'computers', 'tech', 'electronics store']],
  GENERAL_MERCHANDISE_GIFTS_AND_NOVELTIES: ['Gifts and novelties', ['gifts', 'presents', 'gift shop']],
  GENERAL_MERCHANDISE_OFFICE_SUPPLIES: ['Office supplies', ['stationery', 'office supply']],
  GENERAL_MERCHANDISE_ONLINE_MARKETPLACES: [
    'Online shopping',
    ['amazon', 'online marketplace', 'online store', 'ecommerce'],
  ],
  GENERAL_MERCHANDISE_PET_SUPPLIES: ['Pet supplies', ['pet food', 'pets', 'pet store']],
  GENERAL_MERCHANDISE_SPORTING_GOODS: ['Sporting goods', ['outdoor gear', 'sports equipment']],
  GENERAL_MERCHANDISE_SUPERSTORES: ['Superstores', ['big box store', 'target', 'walmart', 'costco']],
  GENERAL_MERCHANDISE_TOBACCO_AND_VAPE: ['Tobacco and vape', ['cigarettes', 'smoking', 'vaping']],
  GENERAL_MERCHANDISE_OTHER_GENERAL_MERCHANDISE: ['Other shopping', ['miscellaneous shopping']],
  HOME_IMPROVEMENT_FURNITURE: ['Furniture', ['home furnishings', 'ikea', 'furniture store']],
  HOME_IMPROVEMENT_HARDWARE: ['Hardware', ['hardware store', 'tools', 'home depot']],
  HOME_IMPROVEMENT_REPAIR_AND_MAINTENANCE: [
    'Home repair and maintenance',
    ['repairs', 'plumber', 'handyman', 'maintenance'],
  ],
  HOME_IMPROVEMENT_SECURITY: ['Home security', ['alarm system', 'security system']],
  HOME_IMPROVEMENT_OTHER_HOME_IMPROVEMENT: ['Other home improvement', ['garden', 'home supplies']],
  MEDICAL_DENTAL_CARE: ['Dental care', ['dentist', 'dental']],
  MEDICAL_EYE_CARE: ['Eye care', ['optometrist', 'glasses', 'contact lenses']],
  MEDICAL_NURSING_CARE: ['Nursing care', ['nursing', 'home care']],
  MEDICAL_PHARMACIES_AND_SUPPLEMENTS: [
    'Pharmacies and supplements',
    ['pharmacy', 'drugstore', 'medicine', 'prescriptions', 'vitamins'],
  ],
  MEDICAL_PRIMARY_CARE: ['Doctors and primary care', ['doctor', 'physician', 'clinic', 'checkup']],
  MEDICAL_VETERINARY_SERVICES: ['Veterinary services', ['vet', 'veterinarian', 'animal hospital']],
  MEDICAL_OTHER_MEDICAL: ['Other medical', ['hospital', 'therapy', 'medical']],
  PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS: [
    'Gyms and fitness',
    ['gym', 'fitness', 'workout', 'gym membership', 'yoga'],
  ],
  PERSONAL_CARE_HAIR_AND_BEAUTY: ['Hair and beauty', ['haircut', 'salon', 'barber', 'cosmetics', 'spa']],
  PERSONAL_CARE_LAUNDRY_AND_DRY_CLEANING: ['Laundry and dry cleaning', ['laundry', 'dry cleaning']],
  PERSONAL_CARE_OTHER_PERSONAL_CARE: ['Other personal care', ['toiletries', 'massage']],
  GENERAL_SERVICES_ACCOUNTING_AND_FINANCIAL_PLANNING: [
    'Accounting and financial planning',
    ['accountant', 'tax preparation', 'financial advisor'],
  ],
  GENERAL_SERVICES_AUTOMOTIVE: ['Car services', ['car repair', 'mechanic', 'oil change', 'car wash']],
  GENERAL_SERVICES_CHILDCARE: ['Childcare', ['daycare', 'babysitter', 'nanny']],
  GENERAL_SERVICES_CONSULTING_AND_LEGAL: ['Legal and consulting', ['lawyer', 'attorney', 'legal fees']],
  GENERAL_SERVICES_EDUCATION: ['Education', ['tuition', 'school', 'courses', 'classes']],
  GENERAL_SERVICES_INSURANCE: ['Insurance', ['insurance premium', 'renters insurance', 'car insurance']],
  GENERAL_SERVICES_POSTAGE_AND_SHIPPING: ['Postage and shipping', ['shipping', 'post office', 'mail']],
  GENERAL_SERVICES_STORAGE: ['Storage', ['storage unit', 'self storage']],
  GENERAL_SERVICES_OTHER_GENERAL_SERVICES: [
    'Other services',
    ['online services', 'cloud storage', 'software', 'apps'],
  ],
  GOVERNMENT_AND_NON_PROFIT_DONATIONS: ['Donations', ['charity', 'giving', 'donation']],
  GOVERNMENT_AND_NON_PROFIT_GOVERNMENT_DEPARTMENTS_AND_AGENCIES: [
    'Government fees',
    ['dmv', 'permits', 'licenses', 'government agency'],
  ],
  GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT: ['Tax payments', ['taxes', 'irs', 'tax']],
  GOVERNMENT_AND_NON_PROFIT_OTHER_GOVERNMENT_AND_NON_PROFIT: [
    'Other government and non-profit',
    ['fines', 'public services'],
  ],
  TRANSPORTATION_BIKES_AND_SCOOTERS: ['Bikes and scooters', ['bike share', 'scooter', 'bicycle']],
  TRANSPORTATION_GAS: ['Gas and fuel', ['gas', 'fuel', 'petrol', 'gas station']],
  TRANSPORTATION_PARKING: ['Parking', ['parking garage', 'parking meter']],
  TRANSPORTATION_PUBLIC_TRANSIT: ['Public transit', ['subway', 'bus', 'train', 'metro', 'transit']],
  TRANSPORTATION_TAXIS_AND_RIDE_SHARES: [
    'Taxis and ride shares',
    ['uber', 'lyft', 'rideshare', 'ride share', 'taxi', 'cab'],
  ],
  TRANSPORTATION_TOLLS: ['Tolls', ['toll road', 'toll']],
  TRANSPORTATION_OTHER_TRANSPORTATION: ['Other transportation', ['ferry', 'car share']],
  TRAVEL_FLIGHTS: ['Flights', ['airfare', 'airline', 'plane tickets', 'flying']],
  TRAVEL_LODGING: ['Lodging', ['hotels', 'hotel', 'airbnb', 'accommodation']],
  TRAVEL_RENTAL_CARS: ['Rental cars', ['car rental', 'hire car']],
  TRAVEL_OTHER_TRAVEL: ['Other travel', ['tours', 'cruise', 'travel agency']],
  RENT_AND_UTILITIES_GAS_AND_ELECTRICITY: [
    'Gas and electricity',
    ['electricity', 'electric bill', 'power bill', 'energy', 'gas bill', 'utilities'],
  ],
  RENT_AND_UTILITIES_INTERNET_AND_CABLE: [
    'Internet and cable',
    ['internet', 'wifi', 'broadband', 'cable tv', 'cable'],
  ],
  RENT_AND_UTILITIES_RENT: ['Rent', ['rent', 'landlord', 'apartment', 'housing payment']],
  RENT_AND_UTILITIES_SEWAGE_AND_WASTE_MANAGEMENT: [
    'Sewage and waste',
    ['trash', 'garbage', 'waste', 'sewer'],
  ],
  RENT_AND_UTILITIES_TELEPHONE: ['Phone', ['phone bill', 'mobile', 'cell phone', 'wireless', 'telephone']],
  RENT_AND_UTILITIES_WATER: ['Water', ['water bill']],
  RENT_AND_UTILITIES_OTHER_UTILITIES: ['Other utilities', ['utility bill']],
  INVESTMENT_BUY: ['Investment purchases', ['buy', 'bought shares', 'stock purchase']],
  INVESTMENT_SELL: ['Investment sales', ['sell', 'sold shares', 'stock sale']],
  INVESTMENT_REINVESTMENT: ['Reinvested dividends', ['reinvestment', 'drip']],
  INVESTMENT_OTHER: ['Other investment activity', ['stock split', 'options']],
} as const satisfies Record<CategoryDetailedCode, Naming>;

export type CategoryEntry = {
  code: CategoryCode;
  label: string;
  level: 'primary' | 'detailed';
  /** The primary code (itself for a primary). */
  primary: CategoryPrimaryCode;
  /** Everyday words for the category, lower case. */
  synonyms: readonly string[];
};

function detailedEntry(code: CategoryDetailedCode, primary: CategoryPrimaryCode): CategoryEntry {
  const [label, synonyms] = DETAILED_NAMES[code];
  return { code, label, level: 'detailed', primary, synonyms };
}

/** Every category Penny names: each primary, then its detailed categories (the taxonomy's order). */
export const CATEGORIES: readonly CategoryEntry[] = CATEGORY_PRIMARY_CODES.flatMap((primary) => {
  const [label, synonyms] = PRIMARY_NAMES[primary];
  const detailed: readonly CategoryDetailedCode[] = CATEGORY_TAXONOMY[primary];
  return [
    { code: primary, label, level: 'primary' as const, primary, synonyms },
    ...detailed.map((code) => detailedEntry(code, primary)),
  ];
});

const BY_CODE = new Map<string, CategoryEntry>(CATEGORIES.map((entry) => [entry.code, entry]));

export function categoryEntry(code: string): CategoryEntry | undefined {
  return BY_CODE.get(code);
}

export function isCategoryCode(code: string): code is CategoryCode {
  return BY_CODE.has(code);
}

/** The readable name of a code; an unknown code is made readable ('SOME_NEW_CODE' → 'Some new code'). */
export function categoryLabel(code: string | null | undefined): string {
  if (!code) return 'Uncategorized';
  const known = BY_CODE.get(code);
  if (known) return known.label;
  const words = code.toLowerCase().replaceAll('_', ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Uncategorized';
}

/**
 * Categories whose recurring charges count as subscriptions (digital services, streaming, memberships)
 * rather than bills: what `recurring_payments` with kind 'subscriptions' keeps.
 */
export const SUBSCRIPTION_CATEGORIES = [
  'ENTERTAINMENT_TV_AND_MOVIES',
  'ENTERTAINMENT_MUSIC_AND_AUDIO',
  'ENTERTAINMENT_VIDEO_GAMES',
  'ENTERTAINMENT_OTHER_ENTERTAINMENT',
  'PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS',
  'GENERAL_SERVICES_OTHER_GENERAL_SERVICES',
  'GENERAL_MERCHANDISE_BOOKSTORES_AND_NEWSSTANDS',
] as const satisfies readonly CategoryDetailedCode[];

const normalize = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * Codes whose code, label or synonyms match the words of `text` best (exact phrase first, then shared
 * words), for a helpful answer when a caller names a category that does not exist.
 */
export function suggestCategories(text: string, limit = 3): CategoryCode[] {
  const wanted = normalize(text);
  if (!wanted) return [];
  const words = new Set(wanted.split(' ').filter((word) => word.length > 2));
  const scored = CATEGORIES.map((entry) => {
    const names = [entry.code, entry.label, ...entry.synonyms].map(normalize);
    let score = 0;
    for (const name of names) {
      if (name === wanted) score = Math.max(score, 100);
      else if (name.includes(wanted) || wanted.includes(name)) score = Math.max(score, 50);
      const shared = name.split(' ').filter((word) => words.has(word)).length;
      score = Math.max(score, shared * 10);
    }
    return { code: entry.code, score: score + (entry.level === 'detailed' ? 1 : 0) };
  });
  return scored
    .filter((item) => item.score >= 10)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((item) => item.code);
}
