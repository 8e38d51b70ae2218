import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../domain/languages';
import glossary from './glossary.json';

/**
 * A term is translated one way everywhere: no text of a language's catalogues (the
 * browser's and the server's) holds a variant its glossary entry forbids.
 */
type Entry = { term: string; use: string; means: string; forbidden: string[] };
const roots = [import.meta.dirname, path.join(import.meta.dirname, '../../server/locales')];

function texts(tree: unknown): string[] {
  if (typeof tree === 'string') return [tree];
  if (tree && typeof tree === 'object') return Object.values(tree).flatMap(texts);
  return [];
}

const catalogueTexts = (language: string) =>
  roots.flatMap((root) =>
    readdirSync(path.join(root, language))
      .filter((f) => f.endsWith('.json'))
      .flatMap((file) =>
        texts(JSON.parse(readFileSync(path.join(root, language, file), 'utf8'))).map(
          (text) => `${file}: ${text}`,
        ),
      ),
  );

describe('glossary', () => {
  it('has a list for every language', () => {
    expect(
      Object.keys(glossary)
        .filter((k) => k !== '$comment')
        .sort(),
    ).toEqual([...LANGUAGES].sort());
  });

  for (const language of LANGUAGES) {
    it(`${language}: no catalogue uses a forbidden variant`, () => {
      const entries = (glossary as unknown as Record<string, Entry[]>)[language] ?? [];
      const all = catalogueTexts(language);
      const found = entries.flatMap((entry) =>
        entry.forbidden.flatMap((variant) => {
          const pattern = new RegExp(variant, 'u');
          return all
            .filter((text) => pattern.test(text))
            .map((text) => `${entry.term} is "${entry.use}", not /${variant}/ in ${text}`);
        }),
      );
      expect(found).toEqual([]);
    });
  }
});
