import { queryOptions } from '@tanstack/react-query';
import { SOVEREIGN_COUNTRY_CODES } from './country-codes.ts';

/**
 * The public countries service (docs/product/identity.md, "Reference data" and "Public countries service");
 * only the fields we read.
 */
export const COUNTRIES_SERVICE_URL = 'https://restcountries.com/v3.1/all?fields=name,independent';

/** How long the live list may take before the bundled one is used. */
export const COUNTRIES_TIMEOUT_MS = 3000;

type CountryRecord = { name?: { common?: unknown }; independent?: unknown };

/**
 * Sovereign countries' common names (about 195), sorted and de-duplicated. Dependent territories are
 * left out: this answers "which country do you live in".
 */
export function countryNamesFrom(records: readonly CountryRecord[]): string[] {
  const names = new Set<string>();
  for (const record of records) {
    const name = record.name?.common;
    if (typeof name !== 'string' || name.trim() === '') continue;
    if (record.independent === false) continue;
    names.add(name.trim());
  }
  return [...names].sort((a, b) => a.localeCompare(b, 'en'));
}

async function fetchLive(fetchImpl: typeof fetch, timeoutMs: number): Promise<string[]> {
  const response = await fetchImpl(COUNTRIES_SERVICE_URL, {
    signal: AbortSignal.timeout(timeoutMs),
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${response.statusText}`);
  const body: unknown = await response.json();
  if (!Array.isArray(body)) throw new Error('Unexpected countries reply');
  const names = countryNamesFrom(body as CountryRecord[]);
  // A truncated or odd reply is worse than the bundled list.
  if (names.length < 150) throw new Error('Incomplete countries reply');
  return names;
}

/** Intl's names that read oddly in a list of countries one lives in ('Congo - Kinshasa'). */
const PREFERRED_NAMES: Readonly<Record<string, string>> = {
  CD: 'DR Congo',
  CG: 'Republic of the Congo',
  MM: 'Myanmar',
  VA: 'Vatican City',
};

/**
 * The sovereign countries' English names from the browser itself (Intl.DisplayNames over the ISO
 * region codes): no country data in the bundle. Null where the API is missing.
 */
export function displayCountryNames(
  displayNames: typeof Intl.DisplayNames | null = typeof Intl.DisplayNames === 'function'
    ? Intl.DisplayNames
    : null,
): string[] | null {
  if (!displayNames) return null;
  try {
    const names = new displayNames(['en'], { type: 'region', fallback: 'none' });
    const list = SOVEREIGN_COUNTRY_CODES.map((code) => PREFERRED_NAMES[code] ?? names.of(code));
    if (list.some((name) => !name)) return null;
    return countryNamesFrom(list.map((common) => ({ name: { common } })));
  } catch {
    return null;
  }
}

/**
 * The offline list: the browser's names, or (where Intl.DisplayNames is missing) a small name table
 * loaded only then.
 */
export async function bundledCountryNames(
  displayNames: typeof Intl.DisplayNames | null = typeof Intl.DisplayNames === 'function'
    ? Intl.DisplayNames
    : null,
): Promise<string[]> {
  const fromBrowser = displayCountryNames(displayNames);
  if (fromBrowser) return fromBrowser;
  const { COUNTRY_NAMES_FALLBACK } = await import('./country-names-fallback.ts');
  return countryNamesFrom(Object.values(COUNTRY_NAMES_FALLBACK).map((common) => ({ name: { common } })));
}

/** The live list when the service answers in time, else the bundled one (as on offline machines). */
export async function loadCountryNames({
  fetch: fetchImpl = (input, init) => globalThis.fetch(input, init),
  timeoutMs = COUNTRIES_TIMEOUT_MS,
}: {
  fetch?: typeof fetch;
  timeoutMs?: number;
} = {}): Promise<string[]> {
  try {
    return await fetchLive(fetchImpl, timeoutMs);
  } catch {
    return bundledCountryNames();
  }
}

export function countryNamesQueryOptions() {
  return queryOptions({
    queryKey: ['reference', 'country-names'],
    queryFn: () => loadCountryNames(),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
