import { queryOptions } from '@tanstack/react-query';

/** The public countries service (spec 1, "Reference data"); only the fields we read. */
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

/** The fields of one line of a CSV whose values may be quoted (`""` is a quote inside quotes). */
export function parseCsvLine(line: string): string[] {
  const fields: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = '';
      let j = i + 1;
      while (j < line.length) {
        if (line[j] === '"') {
          if (line[j + 1] === '"') {
            value += '"';
            j += 2;
            continue;
          }
          break;
        }
        value += line[j];
        j += 1;
      }
      fields.push(value);
      i = j + 2;
    } else {
      const comma = line.indexOf(',', i);
      const end = comma < 0 ? line.length : comma;
      fields.push(line.slice(i, end));
      i = end + 1;
    }
  }
  return fields;
}

/** Country names from world-countries' CSV edition (columns `name.common` and `independent`). */
export function countryNamesFromCsv(csv: string): string[] {
  const [headerLine = '', ...rows] = csv.split(/\r?\n/);
  const header = parseCsvLine(headerLine);
  const nameColumn = header.indexOf('name.common');
  const independentColumn = header.indexOf('independent');
  const records = rows
    .filter((row) => row.trim() !== '')
    .map((row) => {
      const fields = parseCsvLine(row);
      const independent = fields[independentColumn];
      return {
        name: { common: fields[nameColumn] },
        independent: independent === '1' ? true : independent === '0' ? false : undefined,
      };
    });
  return countryNamesFrom(records);
}

/**
 * The bundled list (world-countries, a maintained data package), loaded only when needed. Its CSV
 * edition is a third of the size of the JSON one once bundled.
 */
export async function bundledCountryNames(): Promise<string[]> {
  const { default: csv } = await import('world-countries/dist/countries.csv?raw');
  return countryNamesFromCsv(csv);
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
