import { describe, expect, it, vi } from 'vitest';
import {
  bundledCountryNames,
  COUNTRIES_SERVICE_URL,
  countryNamesFrom,
  displayCountryNames,
  loadCountryNames,
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

describe('the offline list', () => {
  it('comes from the browser (Intl.DisplayNames over the ISO codes), with plain names for the odd ones', () => {
    const names = displayCountryNames() ?? [];
    expect(names).toHaveLength(194);
    expect(names).toEqual(expect.arrayContaining(['France', 'United Kingdom', 'DR Congo', 'Myanmar']));
    expect(names.some((name) => name.includes(' - '))).toBe(false);
  });

  it('falls back to a small name table where Intl.DisplayNames is missing', async () => {
    expect(displayCountryNames(null)).toBeNull();
    const names = await bundledCountryNames(null);
    expect(names).toHaveLength(194);
    expect(names).toContain('United Kingdom');
    expect([...names].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(names);
  });
});
