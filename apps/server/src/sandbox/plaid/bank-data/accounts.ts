import { type AccountBase, AccountHolderCategory } from 'plaid';
import type { Day } from '../days.ts';
import type { AccountRole, BankEvent } from './event-log.ts';
import type { Profile } from './profile.ts';

/** Each account's balances as Plaid reports them on `today`: posted events move `current`, pending ones only `available`. */
export function accountsOn(
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
