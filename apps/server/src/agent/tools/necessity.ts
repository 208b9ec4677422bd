import {
  type CategoryDetailedCode,
  type CategoryPrimaryCode,
  categoryEntry,
  primaryCategoryOf,
} from '../../finance/index.ts';

/**
 * How optional a spending category is, for `cut_back`: 'discretionary' (wants: eating out, coffee,
 * entertainment, shopping, travel...), 'flexible' (needs whose amount the user steers: groceries, fuel,
 * transit, fees) and 'essential' (obligations: rent, utilities, insurance, loan payments, medical,
 * childcare, taxes). The maps are exhaustive over the spending codes of the taxonomy
 * (finance/categories.ts): a new code fails to compile until it is placed.
 */
export type Necessity = 'discretionary' | 'flexible' | 'essential';

/** Codes that are never spending (docs/agent.md, "Definitions"). */
type NotSpendingPrimary = 'INCOME' | 'TRANSFER_IN' | 'TRANSFER_OUT' | 'INVESTMENT';
type SpendingPrimary = Exclude<CategoryPrimaryCode, NotSpendingPrimary>;
type SpendingDetailed = Exclude<
  CategoryDetailedCode,
  `${NotSpendingPrimary}_${string}` | 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT'
>;

const BY_PRIMARY = {
  LOAN_PAYMENTS: 'essential',
  BANK_FEES: 'flexible',
  ENTERTAINMENT: 'discretionary',
  FOOD_AND_DRINK: 'flexible',
  GENERAL_MERCHANDISE: 'discretionary',
  HOME_IMPROVEMENT: 'flexible',
  MEDICAL: 'essential',
  PERSONAL_CARE: 'discretionary',
  GENERAL_SERVICES: 'flexible',
  GOVERNMENT_AND_NON_PROFIT: 'essential',
  TRANSPORTATION: 'flexible',
  TRAVEL: 'discretionary',
  RENT_AND_UTILITIES: 'essential',
} as const satisfies Record<SpendingPrimary, Necessity>;

const BY_DETAILED = {
  LOAN_PAYMENTS_CAR_PAYMENT: 'essential',
  LOAN_PAYMENTS_PERSONAL_LOAN_PAYMENT: 'essential',
  LOAN_PAYMENTS_MORTGAGE_PAYMENT: 'essential',
  LOAN_PAYMENTS_STUDENT_LOAN_PAYMENT: 'essential',
  LOAN_PAYMENTS_OTHER_PAYMENT: 'essential',
  BANK_FEES_ATM_FEES: 'flexible',
  BANK_FEES_FOREIGN_TRANSACTION_FEES: 'flexible',
  BANK_FEES_INSUFFICIENT_FUNDS: 'flexible',
  BANK_FEES_INTEREST_CHARGE: 'flexible',
  BANK_FEES_OVERDRAFT_FEES: 'flexible',
  BANK_FEES_OTHER_BANK_FEES: 'flexible',
  ENTERTAINMENT_CASINOS_AND_GAMBLING: 'discretionary',
  ENTERTAINMENT_MUSIC_AND_AUDIO: 'discretionary',
  ENTERTAINMENT_SPORTING_EVENTS_AMUSEMENT_PARKS_AND_MUSEUMS: 'discretionary',
  ENTERTAINMENT_TV_AND_MOVIES: 'discretionary',
  ENTERTAINMENT_VIDEO_GAMES: 'discretionary',
  ENTERTAINMENT_OTHER_ENTERTAINMENT: 'discretionary',
  FOOD_AND_DRINK_BEER_WINE_AND_LIQUOR: 'discretionary',
  FOOD_AND_DRINK_COFFEE: 'discretionary',
  FOOD_AND_DRINK_FAST_FOOD: 'discretionary',
  FOOD_AND_DRINK_GROCERIES: 'flexible',
  FOOD_AND_DRINK_RESTAURANT: 'discretionary',
  FOOD_AND_DRINK_VENDING_MACHINES: 'discretionary',
  FOOD_AND_DRINK_OTHER_FOOD_AND_DRINK: 'discretionary',
  GENERAL_MERCHANDISE_BOOKSTORES_AND_NEWSSTANDS: 'discretionary',
  GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES: 'discretionary',
  GENERAL_MERCHANDISE_CONVENIENCE_STORES: 'flexible',
  GENERAL_MERCHANDISE_DEPARTMENT_STORES: 'discretionary',
  GENERAL_MERCHANDISE_DISCOUNT_STORES: 'flexible',
  GENERAL_MERCHANDISE_ELECTRONICS: 'discretionary',
  GENERAL_MERCHANDISE_GIFTS_AND_NOVELTIES: 'discretionary',
  GENERAL_MERCHANDISE_OFFICE_SUPPLIES: 'flexible',
  GENERAL_MERCHANDISE_ONLINE_MARKETPLACES: 'discretionary',
  GENERAL_MERCHANDISE_PET_SUPPLIES: 'flexible',
  GENERAL_MERCHANDISE_SPORTING_GOODS: 'discretionary',
  GENERAL_MERCHANDISE_SUPERSTORES: 'flexible',
  GENERAL_MERCHANDISE_TOBACCO_AND_VAPE: 'discretionary',
  GENERAL_MERCHANDISE_OTHER_GENERAL_MERCHANDISE: 'discretionary',
  HOME_IMPROVEMENT_FURNITURE: 'discretionary',
  HOME_IMPROVEMENT_HARDWARE: 'flexible',
  HOME_IMPROVEMENT_REPAIR_AND_MAINTENANCE: 'essential',
  HOME_IMPROVEMENT_SECURITY: 'essential',
  HOME_IMPROVEMENT_OTHER_HOME_IMPROVEMENT: 'discretionary',
  MEDICAL_DENTAL_CARE: 'essential',
  MEDICAL_EYE_CARE: 'essential',
  MEDICAL_NURSING_CARE: 'essential',
  MEDICAL_PHARMACIES_AND_SUPPLEMENTS: 'essential',
  MEDICAL_PRIMARY_CARE: 'essential',
  MEDICAL_VETERINARY_SERVICES: 'essential',
  MEDICAL_OTHER_MEDICAL: 'essential',
  PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS: 'discretionary',
  PERSONAL_CARE_HAIR_AND_BEAUTY: 'discretionary',
  PERSONAL_CARE_LAUNDRY_AND_DRY_CLEANING: 'flexible',
  PERSONAL_CARE_OTHER_PERSONAL_CARE: 'discretionary',
  GENERAL_SERVICES_ACCOUNTING_AND_FINANCIAL_PLANNING: 'flexible',
  GENERAL_SERVICES_AUTOMOTIVE: 'essential',
  GENERAL_SERVICES_CHILDCARE: 'essential',
  GENERAL_SERVICES_CONSULTING_AND_LEGAL: 'flexible',
  GENERAL_SERVICES_EDUCATION: 'essential',
  GENERAL_SERVICES_INSURANCE: 'essential',
  GENERAL_SERVICES_POSTAGE_AND_SHIPPING: 'flexible',
  GENERAL_SERVICES_STORAGE: 'flexible',
  GENERAL_SERVICES_OTHER_GENERAL_SERVICES: 'discretionary',
  GOVERNMENT_AND_NON_PROFIT_DONATIONS: 'discretionary',
  GOVERNMENT_AND_NON_PROFIT_GOVERNMENT_DEPARTMENTS_AND_AGENCIES: 'essential',
  GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT: 'essential',
  GOVERNMENT_AND_NON_PROFIT_OTHER_GOVERNMENT_AND_NON_PROFIT: 'essential',
  TRANSPORTATION_BIKES_AND_SCOOTERS: 'flexible',
  TRANSPORTATION_GAS: 'flexible',
  TRANSPORTATION_PARKING: 'flexible',
  TRANSPORTATION_PUBLIC_TRANSIT: 'flexible',
  TRANSPORTATION_TAXIS_AND_RIDE_SHARES: 'discretionary',
  TRANSPORTATION_TOLLS: 'flexible',
  TRANSPORTATION_OTHER_TRANSPORTATION: 'flexible',
  TRAVEL_FLIGHTS: 'discretionary',
  TRAVEL_LODGING: 'discretionary',
  TRAVEL_RENTAL_CARS: 'discretionary',
  TRAVEL_OTHER_TRAVEL: 'discretionary',
  RENT_AND_UTILITIES_GAS_AND_ELECTRICITY: 'essential',
  RENT_AND_UTILITIES_INTERNET_AND_CABLE: 'essential',
  RENT_AND_UTILITIES_RENT: 'essential',
  RENT_AND_UTILITIES_SEWAGE_AND_WASTE_MANAGEMENT: 'essential',
  RENT_AND_UTILITIES_TELEPHONE: 'essential',
  RENT_AND_UTILITIES_WATER: 'essential',
  RENT_AND_UTILITIES_OTHER_UTILITIES: 'essential',
} as const satisfies Record<SpendingDetailed, Necessity>;

/** The order `cut_back` lists them in: what is easiest to trim first. */
export const NECESSITY_ORDER = {
  discretionary: 0,
  flexible: 1,
  essential: 2,
} as const satisfies Record<Necessity, number>;

const byDetailed: Readonly<Record<string, Necessity>> = BY_DETAILED;
const byPrimary: Readonly<Record<string, Necessity>> = BY_PRIMARY;

/**
 * A spending category's necessity: its detailed code's, else its primary's (a code the taxonomy does
 * not know yet); a transaction without a category is 'flexible', neither a want nor an obligation.
 */
export function necessityOf(code: string | null): Necessity {
  if (!code) return 'flexible';
  const detailed = byDetailed[code];
  if (detailed) return detailed;
  const primary = categoryEntry(code)?.primary ?? primaryCategoryOf(code);
  return (primary && byPrimary[primary]) || 'flexible';
}
