import {
  CounterpartyType,
  type Location,
  type Transaction,
  TransactionPaymentChannelEnum,
  TransactionTransactionTypeEnum,
} from 'plaid';
import { primaryOf } from '../../../connections/plaid/pfc-taxonomy.ts';
import { type Day, isoFromDay } from '../days.ts';
import { stableId } from '../random.ts';
import type { BankEvent } from './event-log.ts';
import { accountSpec, type Profile } from './profile.ts';

/**
 * An event as Plaid shows it on a given day: pending until it posts, a raw descriptor until Plaid cleans
 * the merchant name, posted with the tip once a restaurant bill settles.
 */

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

export function viewTransaction(
  seed: string,
  profile: Profile,
  event: BankEvent,
  today: Day,
): Transaction | null {
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
