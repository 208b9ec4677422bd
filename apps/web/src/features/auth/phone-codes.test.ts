import { describe, expect, it } from 'vitest';
import { buildPhoneCodeOptions, digitsOnly } from './phone-codes.ts';

describe('phone codes', () => {
  const options = buildPhoneCodeOptions();

  it('has one entry per calling code, sorted, with countries sharing a code grouped', () => {
    const values = options.map((option) => option.value);
    expect(new Set(values).size).toBe(values.length);
    expect(values[0]).toBe('+1');
    expect(options[0]?.label).toBe('+1 (US/CA)');
    expect(options[0]?.countries).toContain('JM');
    expect(options.find((option) => option.value === '+7')?.label).toBe('+7 (RU/KZ)');
    expect(options.find((option) => option.value === '+44')?.label).toMatch(/^\+44 \(GB\//);
    expect(options.find((option) => option.value === '+49')?.label).toBe('+49 (DE)');
  });

  it('can be found by country name', () => {
    expect(options.find((option) => option.value === '+1')?.keywords).toContain('Canada');
  });

  it('keeps only digits', () => {
    expect(digitsOnly('+1 (555) 123-45 67x')).toBe('15551234567');
  });
});
