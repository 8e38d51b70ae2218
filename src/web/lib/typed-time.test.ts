import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../domain/languages';
import { formatTypedTime, parseTypedTime } from './typed-time';

describe('typed times', () => {
  it('writes a time on each language’s clock', () => {
    expect(formatTypedTime('14:30', LOCALES.en)).toBe('2:30 PM');
    expect(formatTypedTime('00:05', LOCALES.en)).toBe('12:05 AM');
    expect(formatTypedTime('12:00', LOCALES.en)).toBe('12:00 PM');
    expect(formatTypedTime('14:30', LOCALES.de)).toBe('14:30');
    expect(formatTypedTime('09:05', LOCALES.fr)).toBe('09:05');
    expect(formatTypedTime('00:05', LOCALES.es)).toBe('00:05');
    expect(formatTypedTime('23:59', LOCALES.ja)).toBe('23:59');
    expect(formatTypedTime('24:00', LOCALES.de)).toBe('');
    expect(formatTypedTime('', LOCALES.en)).toBe('');
  });

  it('reads what each language writes, and 24 hours in every language', () => {
    expect(parseTypedTime('2:30 PM', LOCALES.en)).toBe('14:30');
    expect(parseTypedTime('2:30pm', LOCALES.en)).toBe('14:30');
    expect(parseTypedTime('9 a.m.', LOCALES.en)).toBe('09:00');
    expect(parseTypedTime('12:15 am', LOCALES.en)).toBe('00:15');
    expect(parseTypedTime('12 PM', LOCALES.en)).toBe('12:00');
    expect(parseTypedTime('14:30', LOCALES.en)).toBe('14:30');
    expect(parseTypedTime(' 14:30 ', LOCALES.de)).toBe('14:30');
    expect(parseTypedTime('9.05', LOCALES.de)).toBe('09:05');
    expect(parseTypedTime('1430', LOCALES.de)).toBe('14:30');
    expect(parseTypedTime('14h30', LOCALES.fr)).toBe('14:30');
    expect(parseTypedTime('14 h', LOCALES.fr)).toBe('14:00');
    expect(parseTypedTime('2:30 p. m.', LOCALES.es)).toBe('14:30');
    expect(parseTypedTime('１４：３０', LOCALES.ja)).toBe('14:30');
    expect(parseTypedTime('14時30分', LOCALES.ja)).toBe('14:30');
    expect(parseTypedTime('午後2:30', LOCALES.ja)).toBe('14:30');
  });

  it('refuses what is no time of day', () => {
    for (const text of ['25:00', '14:60', '14:', '13 pm', '0:30 am', 'noon', '2:3', '12345', '']) {
      expect(parseTypedTime(text, LOCALES.en), text).toBeNull();
    }
    expect(parseTypedTime('24:00', LOCALES.de)).toBeNull();
  });
});
