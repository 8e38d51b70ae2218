import { describe, expect, it } from 'vitest';
import { languageFor, parseAcceptLanguage, pickLanguage } from './languages';

describe('languages', () => {
  it('orders Accept-Language by weight and drops q=0', () => {
    expect(parseAcceptLanguage('de-CH, fr;q=0.8, en;q=0, ja;q=0.9, *;q=0.1')).toEqual([
      'de-CH',
      'ja',
      'fr',
      '*',
    ]);
    expect(parseAcceptLanguage('')).toEqual([]);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });

  it('picks the first supported language from regional tags', () => {
    expect(pickLanguage(['pt-BR', 'es-MX', 'fr'], 'en')).toBe('es');
    expect(pickLanguage(['JA_jp'], 'en')).toBe('ja');
    expect(pickLanguage(['pt-BR', 'zh'], 'de')).toBe('de');
  });

  it("writes in the person's choice, else the admin's default, else English", () => {
    expect(languageFor('fr', 'de')).toBe('fr');
    expect(languageFor(null, 'de')).toBe('de');
    expect(languageFor('xx', undefined)).toBe('en');
  });
});
