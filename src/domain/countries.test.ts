import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryInPlace, countryName, countrySchema } from './countries';

describe('countries (ISO 3166-1 alpha-2)', () => {
  it('lists the 249 assigned codes once each, every one a region the platform can name', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    expect(COUNTRY_CODES.filter((code) => !names.of(code))).toEqual([]);
  });

  it('accepts assigned codes in either case and refuses everything else', () => {
    expect(countrySchema.parse('de')).toBe('DE');
    expect(countrySchema.parse('GB')).toBe('GB');
    for (const bad of ['UK', 'EU', 'XK', 'ZZ', 'DEU', '', 'D', 42]) {
      const result = countrySchema.safeParse(bad);
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Choose a country');
    }
  });

  it('names a country in the reader’s language', () => {
    expect(countryName('DE', 'de')).toBe('Deutschland');
    expect(countryName('DE', 'ja')).toBe('ドイツ');
    expect(countryName('GB', 'en')).toBe('United Kingdom');
  });
});

describe('countryInPlace (jobs posted before the form asked for a country)', () => {
  it('reads the country a place names at its end, in our languages and common short forms', () => {
    expect(countryInPlace('Berlin, Germany')).toBe('DE');
    expect(countryInPlace('München, Deutschland')).toBe('DE');
    expect(countryInPlace('Lyon (France)')).toBe('FR');
    expect(countryInPlace('Remote UK')).toBe('GB');
    expect(countryInPlace('Austin, TX, USA')).toBe('US');
    expect(countryInPlace('Madrid, España')).toBe('ES');
    expect(countryInPlace('東京, 日本')).toBe('JP');
    expect(countryInPlace('Munich Germany')).toBe('DE');
    expect(countryInPlace('Bissau, Guinea-Bissau')).toBe('GW');
  });

  it('guesses nothing from a place that names no country', () => {
    expect(countryInPlace('Berlin')).toBeNull();
    expect(countryInPlace('Remote')).toBeNull();
    // US states share codes with countries: CA is California here, not Canada.
    expect(countryInPlace('San Francisco, CA')).toBeNull();
    expect(countryInPlace('Berlin, de')).toBeNull();
    expect(countryInPlace('')).toBeNull();
  });
});
