import { type CountryCode, getCountries, getCountryCallingCode } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/min/metadata';
import type { ComboboxOption } from '../../ui/index.ts';

/** docs/product/identity.md, "Business constants and limits": the default country code. */
export const DEFAULT_COUNTRY_CODE = '+1';

/**
 * The second country named in a shared code's label where the metadata order would pick a small
 * territory (the required example is '+1 (US/CA)': docs/product/identity.md, "Sign-up mode").
 */
const LABEL_PARTNER: Partial<Record<string, CountryCode>> = { '1': 'CA' };

export type PhoneCodeOption = ComboboxOption & { countries: readonly CountryCode[] };

function regionNames(): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    return null;
  }
}

/**
 * One option per calling code from libphonenumber-js's metadata, countries sharing a code grouped:
 * the label names the code's main country and one more ('+1 (US/CA)'); every member country's code
 * and name is searchable. Sorted by code.
 */
export function buildPhoneCodeOptions(): PhoneCodeOption[] {
  const byCode = new Map<string, CountryCode[]>();
  for (const country of getCountries(metadata)) {
    const code = getCountryCallingCode(country, metadata);
    const members = byCode.get(code) ?? [];
    members.push(country);
    byCode.set(code, members);
  }
  const names = regionNames();
  const options: PhoneCodeOption[] = [];
  for (const [code, members] of byCode) {
    // The metadata lists each code's main country first.
    const main = (metadata.country_calling_codes[code]?.[0] as CountryCode | undefined) ?? members[0];
    const rest = members.filter((country) => country !== main);
    const partner = LABEL_PARTNER[code] ?? rest[0];
    const shown = [main, partner].filter((country): country is CountryCode => Boolean(country));
    const ordered = [...shown, ...rest.filter((country) => country !== partner)];
    const keywords = ordered.map((country) => `${country} ${names?.of(country) ?? ''}`).join(' ');
    options.push({
      value: `+${code}`,
      label: `+${code} (${shown.join('/')})`,
      keywords,
      countries: ordered,
    });
  }
  return options.sort((a, b) => Number(a.value.slice(1)) - Number(b.value.slice(1)));
}

let cached: PhoneCodeOption[] | undefined;

/** The options, built once. */
export function phoneCodeOptions(): PhoneCodeOption[] {
  cached ??= buildPhoneCodeOptions();
  return cached;
}

/**
 * Only the digits of what was typed or pasted ("input strips non-digits": docs/product/identity.md,
 * "Validation rules").
 */
export function digitsOnly(text: string): string {
  return text.replace(/\D+/g, '');
}
