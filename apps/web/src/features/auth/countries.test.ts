import { describe, expect, it, vi } from 'vitest';
import {
  COUNTRIES_SERVICE_URL,
  countryNamesFrom,
  countryNamesFromCsv,
  loadCountryNames,
  parseCsvLine,
} from './countries.ts';

describe('country names', () => {
  it('keeps sovereign countries, sorted by name.common, without duplicates', () => {
    expect(
      countryNamesFrom([
        { name: { common: 'Peru' } },
        { name: { common: 'Åland Islands' }, independent: false },
        { name: { common: 'Chad' }, independent: true },
        { name: { common: 'Peru' } },
        { name: {} },
      ]),
    ).toEqual(['Chad', 'Peru']);
  });

  it('falls back to the bundled list (about 195 names) when the service cannot be reached', async () => {
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const names = await loadCountryNames({ fetch: failing });
    expect(failing).toHaveBeenCalledWith(COUNTRIES_SERVICE_URL, expect.any(Object));
    expect(names.length).toBeGreaterThan(185);
    expect(names.length).toBeLessThan(205);
    expect(names).toContain('United Kingdom');
    expect([...names].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(names);
  });

  it('falls back when the reply is incomplete', async () => {
    const tiny = vi.fn(async () => Response.json([{ name: { common: 'Chad' } }]));
    expect((await loadCountryNames({ fetch: tiny })).length).toBeGreaterThan(185);
  });
});

describe('the bundled CSV', () => {
  it('reads quoted fields, escaped quotes and empty fields', () => {
    expect(parseCsvLine('"a","b ""c""",,"d,e"')).toEqual(['a', 'b "c"', '', 'd,e']);
    expect(countryNamesFromCsv('"name.common","independent"\n"Peru","1"\n"Aruba","0"\n')).toEqual(['Peru']);
  });
});
