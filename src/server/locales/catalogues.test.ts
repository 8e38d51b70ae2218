import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../domain/languages';

/**
 * The mail catalogues (src/server/locales/<language>/*.json), held to the browser's rules
 * (src/web/locales/catalogues.test.ts): every language has the same catalogues, the same
 * keys and, in each text, the same {{placeholders}} as English; no text is empty, none is
 * left as English's. Plural forms (_one/_other…) are compared by their base key.
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
  [...new Set([...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1] ?? ''))].sort();
const load = (language: string, file: string) =>
  flatten(JSON.parse(readFileSync(path.join(root, language, file), 'utf8')) as Tree);
const namespaces = readdirSync(path.join(root, 'en')).filter((f) => f.endsWith('.json'));

/** Texts that read the same in a language as in English (names, a bare placeholder). */
const SAME_AS_ENGLISH = new Set([
  'interview.details',
  'interview.when',
  'stage.labels.assessment',
  // careers.json: words that read the same ("Description", "Hybrid")
  'descriptionLabel',
  'workplace.hybrid',
  'workplace.remote',
  'salaryRange',
]);

describe('mail catalogues', () => {
  it('exist for every language and namespace', () => {
    expect(namespaces).toContain('mails.json');
    for (const language of LANGUAGES) {
      const files = readdirSync(path.join(root, language)).filter((f) => f.endsWith('.json'));
      expect(files.sort(), language).toEqual([...namespaces].sort());
    }
  });

  for (const file of namespaces) {
    it(`${file}: same keys and placeholders in every language, no empty or English text`, () => {
      const english = load('en', file);
      const wanted = new Map([...english].map(([key, text]) => [baseKey(key), placeholders(text)]));
      for (const language of LANGUAGES) {
        const other = load(language, file);
        const bases = [...new Set([...other.keys()].map(baseKey))].sort();
        expect(bases, `${language}/${file} keys`).toEqual([...wanted.keys()].sort());
        for (const [key, text] of other) {
          expect(text.trim(), `${language}/${file} ${key} is empty`).not.toBe('');
          // A plural form may leave the count out ("one" in some languages); any other name must match.
          const countless = (names: string[]) =>
            names.filter((p) => !(PLURAL.test(key) && p === 'count'));
          expect(countless(placeholders(text)), `${language}/${file} ${key} placeholders`).toEqual(
            countless(wanted.get(baseKey(key)) ?? []),
          );
          if (language !== 'en' && !SAME_AS_ENGLISH.has(baseKey(key))) {
            expect(text, `${language}/${file} ${key} is still English`).not.toBe(english.get(key));
          }
        }
      }
    });
  }
});
