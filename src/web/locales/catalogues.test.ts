import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../domain/languages';

/**
 * Every language has the same catalogues, the same keys and, in each text, the same
 * {{placeholders}} as English; no text is empty. (Plural forms differ by language:
 * i18next's _one/_other/_few... suffixes are compared by their base key.)
 */
const root = import.meta.dirname;
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(name, value);
    else for (const [k, v] of flatten(value, name)) out.set(k, v);
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKey = (key: string) => key.replace(PLURAL, '');
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1] ?? '').sort();

const load = (language: string, file: string) =>
  flatten(JSON.parse(readFileSync(path.join(root, language, file), 'utf8')) as Tree);

const namespaces = readdirSync(path.join(root, 'en')).filter((f) => f.endsWith('.json'));

describe('catalogues', () => {
  it('exist for every language and namespace', () => {
    expect(namespaces.length).toBeGreaterThan(0);
    for (const language of LANGUAGES) {
      expect(readdirSync(path.join(root, language)).sort(), language).toEqual(
        [...namespaces].sort(),
      );
    }
  });

  for (const file of namespaces) {
    it(`${file}: same keys and placeholders in every language, no empty text`, () => {
      const english = load('en', file);
      const englishBases = new Map<string, string[]>();
      for (const [key, text] of english) englishBases.set(baseKey(key), placeholders(text));
      for (const language of LANGUAGES) {
        const other = load(language, file);
        const bases = new Set([...other.keys()].map(baseKey));
        expect([...bases].sort(), `${language}/${file} keys`).toEqual(
          [...englishBases.keys()].sort(),
        );
        for (const [key, text] of other) {
          expect(text.trim(), `${language}/${file} ${key} is empty`).not.toBe('');
          const wanted = englishBases.get(baseKey(key)) ?? [];
          // A plural form may leave the count out ("one" in some languages); any other name must match.
          const got = placeholders(text).filter((p) => !(PLURAL.test(key) && p === 'count'));
          expect(got, `${language}/${file} ${key} placeholders`).toEqual(
            wanted.filter((p) => !(PLURAL.test(key) && p === 'count')),
          );
        }
      }
    });
  }
});
