/**
 * The ledger's category codes, shared so the server and the web agree on them: Plaid's personal-finance
 * categories (PFC v1, each primary with its detailed categories, in Plaid's order) and Penny's own
 * INVESTMENT codes for brokerage trades. The server names them (labels and everyday words) and files
 * each synced transaction under one; every chart, table and the Accounts page colour them by
 * `categoryColor` (category-colors.ts). Plain data: the codes are the API's `category` and
 * `category_detailed` values, which stay plain strings there (a code this list does not know yet is
 * still a category).
 */

/** Plaid's personal-finance category taxonomy (PFC v1): each primary with its detailed categories. */
export const PFC_TAXONOMY = {
  INCOME: [
    'INCOME_DIVIDENDS',
    'INCOME_INTEREST_EARNED',
    'INCOME_RETIREMENT_PENSION',
    'INCOME_TAX_REFUND',
    'INCOME_UNEMPLOYMENT',
    'INCOME_WAGES',
    'INCOME_OTHER_INCOME',
  ],
  TRANSFER_IN: [
    'TRANSFER_IN_CASH_ADVANCES_AND_LOANS',
    'TRANSFER_IN_DEPOSIT',
    'TRANSFER_IN_INVESTMENT_AND_RETIREMENT_FUNDS',
    'TRANSFER_IN_SAVINGS',
    'TRANSFER_IN_ACCOUNT_TRANSFER',
    'TRANSFER_IN_OTHER_TRANSFER_IN',
  ],
  TRANSFER_OUT: [
    'TRANSFER_OUT_INVESTMENT_AND_RETIREMENT_FUNDS',
    'TRANSFER_OUT_SAVINGS',
    'TRANSFER_OUT_WITHDRAWAL',
    'TRANSFER_OUT_ACCOUNT_TRANSFER',
    'TRANSFER_OUT_OTHER_TRANSFER_OUT',
  ],
  LOAN_PAYMENTS: [
    'LOAN_PAYMENTS_CAR_PAYMENT',
    'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT',
    'LOAN_PAYMENTS_PERSONAL_LOAN_PAYMENT',
    'LOAN_PAYMENTS_MORTGAGE_PAYMENT',
    'LOAN_PAYMENTS_STUDENT_LOAN_PAYMENT',
    'LOAN_PAYMENTS_OTHER_PAYMENT',
  ],
  BANK_FEES: [
    'BANK_FEES_ATM_FEES',
    'BANK_FEES_FOREIGN_TRANSACTION_FEES',
    'BANK_FEES_INSUFFICIENT_FUNDS',
    'BANK_FEES_INTEREST_CHARGE',
    'BANK_FEES_OVERDRAFT_FEES',
    'BANK_FEES_OTHER_BANK_FEES',
  ],
  ENTERTAINMENT: [
    'ENTERTAINMENT_CASINOS_AND_GAMBLING',
    'ENTERTAINMENT_MUSIC_AND_AUDIO',
    'ENTERTAINMENT_SPORTING_EVENTS_AMUSEMENT_PARKS_AND_MUSEUMS',
    'ENTERTAINMENT_TV_AND_MOVIES',
    'ENTERTAINMENT_VIDEO_GAMES',
    'ENTERTAINMENT_OTHER_ENTERTAINMENT',
  ],
  FOOD_AND_DRINK: [
    'FOOD_AND_DRINK_BEER_WINE_AND_LIQUOR',
    'FOOD_AND_DRINK_COFFEE',
    'FOOD_AND_DRINK_FAST_FOOD',
    'FOOD_AND_DRINK_GROCERIES',
    'FOOD_AND_DRINK_RESTAURANT',
    'FOOD_AND_DRINK_VENDING_MACHINES',
    'FOOD_AND_DRINK_OTHER_FOOD_AND_DRINK',
  ],
  GENERAL_MERCHANDISE: [
    'GENERAL_MERCHANDISE_BOOKSTORES_AND_NEWSSTANDS',
    'GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES',
    'GENERAL_MERCHANDISE_CONVENIENCE_STORES',
    'GENERAL_MERCHANDISE_DEPARTMENT_STORES',
    'GENERAL_MERCHANDISE_DISCOUNT_STORES',
    'GENERAL_MERCHANDISE_ELECTRONICS',
    'GENERAL_MERCHANDISE_GIFTS_AND_NOVELTIES',
    'GENERAL_MERCHANDISE_OFFICE_SUPPLIES',
    'GENERAL_MERCHANDISE_ONLINE_MARKETPLACES',
    'GENERAL_MERCHANDISE_PET_SUPPLIES',
    'GENERAL_MERCHANDISE_SPORTING_GOODS',
    'GENERAL_MERCHANDISE_SUPERSTORES',
    'GENERAL_MERCHANDISE_TOBACCO_AND_VAPE',
    'GENERAL_MERCHANDISE_OTHER_GENERAL_MERCHANDISE',
  ],
  HOME_IMPROVEMENT: [
    'HOME_IMPROVEMENT_FURNITURE',
    'HOME_IMPROVEMENT_HARDWARE',
    'HOME_IMPROVEMENT_REPAIR_AND_MAINTENANCE',
    'HOME_IMPROVEMENT_SECURITY',
    'HOME_IMPROVEMENT_OTHER_HOME_IMPROVEMENT',
  ],
  MEDICAL: [
    'MEDICAL_DENTAL_CARE',
    'MEDICAL_EYE_CARE',
    'MEDICAL_NURSING_CARE',
    'MEDICAL_PHARMACIES_AND_SUPPLEMENTS',
    'MEDICAL_PRIMARY_CARE',
    'MEDICAL_VETERINARY_SERVICES',
    'MEDICAL_OTHER_MEDICAL',
  ],
  PERSONAL_CARE: [
    'PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS',
    'PERSONAL_CARE_HAIR_AND_BEAUTY',
    'PERSONAL_CARE_LAUNDRY_AND_DRY_CLEANING',
    'PERSONAL_CARE_OTHER_PERSONAL_CARE',
  ],
  GENERAL_SERVICES: [
    'GENERAL_SERVICES_ACCOUNTING_AND_FINANCIAL_PLANNING',
    'GENERAL_SERVICES_AUTOMOTIVE',
    'GENERAL_SERVICES_CHILDCARE',
    'GENERAL_SERVICES_CONSULTING_AND_LEGAL',
    'GENERAL_SERVICES_EDUCATION',
    'GENERAL_SERVICES_INSURANCE',
    'GENERAL_SERVICES_POSTAGE_AND_SHIPPING',
    'GENERAL_SERVICES_STORAGE',
    'GENERAL_SERVICES_OTHER_GENERAL_SERVICES',
  ],
  GOVERNMENT_AND_NON_PROFIT: [
    'GOVERNMENT_AND_NON_PROFIT_DONATIONS',
    'GOVERNMENT_AND_NON_PROFIT_GOVERNMENT_DEPARTMENTS_AND_AGENCIES',
    'GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT',
    'GOVERNMENT_AND_NON_PROFIT_OTHER_GOVERNMENT_AND_NON_PROFIT',
  ],
  TRANSPORTATION: [
    'TRANSPORTATION_BIKES_AND_SCOOTERS',
    'TRANSPORTATION_GAS',
    'TRANSPORTATION_PARKING',
    'TRANSPORTATION_PUBLIC_TRANSIT',
    'TRANSPORTATION_TAXIS_AND_RIDE_SHARES',
    'TRANSPORTATION_TOLLS',
    'TRANSPORTATION_OTHER_TRANSPORTATION',
  ],
  TRAVEL: ['TRAVEL_FLIGHTS', 'TRAVEL_LODGING', 'TRAVEL_RENTAL_CARS', 'TRAVEL_OTHER_TRAVEL'],
  RENT_AND_UTILITIES: [
    'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY',
    'RENT_AND_UTILITIES_INTERNET_AND_CABLE',
    'RENT_AND_UTILITIES_RENT',
    'RENT_AND_UTILITIES_SEWAGE_AND_WASTE_MANAGEMENT',
    'RENT_AND_UTILITIES_TELEPHONE',
    'RENT_AND_UTILITIES_WATER',
    'RENT_AND_UTILITIES_OTHER_UTILITIES',
  ],
} as const;

/** Penny's codes for brokerage trades (SnapTrade activities that move value within the account). */
const INVESTMENT_TAXONOMY = {
  INVESTMENT: ['INVESTMENT_BUY', 'INVESTMENT_SELL', 'INVESTMENT_REINVESTMENT', 'INVESTMENT_OTHER'],
} as const;

export type PfcPrimary = keyof typeof PFC_TAXONOMY;
export type PfcDetailed = (typeof PFC_TAXONOMY)[PfcPrimary][number];

/** Every category code Penny knows: each primary (Plaid's, then INVESTMENT) with its detailed codes. */
export const CATEGORY_TAXONOMY = { ...PFC_TAXONOMY, ...INVESTMENT_TAXONOMY } as const;

export type CategoryPrimaryCode = keyof typeof CATEGORY_TAXONOMY;
export type CategoryDetailedCode = (typeof CATEGORY_TAXONOMY)[CategoryPrimaryCode][number];
export type CategoryCode = CategoryPrimaryCode | CategoryDetailedCode;

const isPrimaryCode = (code: string): code is CategoryPrimaryCode => Object.hasOwn(CATEGORY_TAXONOMY, code);

/** The primary codes, in the taxonomy's order. */
export const CATEGORY_PRIMARY_CODES: readonly CategoryPrimaryCode[] =
  Object.keys(CATEGORY_TAXONOMY).filter(isPrimaryCode);

const PRIMARY_OF_DETAILED = new Map<string, CategoryPrimaryCode>(
  CATEGORY_PRIMARY_CODES.flatMap((primary) =>
    CATEGORY_TAXONOMY[primary].map((detailed) => [detailed, primary] as const),
  ),
);

/**
 * The primary code of a code (a primary is its own); a detailed code this list does not name yet takes
 * the longest primary it starts with ('TRANSFER_IN_SOMETHING' → TRANSFER_IN); null for anything else.
 */
export function primaryCategoryOf(code: string): CategoryPrimaryCode | null {
  if (isPrimaryCode(code)) return code;
  const known = PRIMARY_OF_DETAILED.get(code);
  if (known) return known;
  let best: CategoryPrimaryCode | null = null;
  for (const primary of CATEGORY_PRIMARY_CODES) {
    if (code.startsWith(`${primary}_`) && (!best || primary.length > best.length)) best = primary;
  }
  return best;
}
