import { describe, expect, it } from 'vitest';
import {
  bioExcerpt,
  candidateSearchQuerySchema,
  combinedScore,
  fuzzyThreshold,
  isFuzzyTerm,
  MAX_QUERY_TERMS,
  queryTerms,
  searchParamsOf,
  skillList,
  toCandidateSearch,
} from './candidate-search';

describe('queryTerms', () => {
  it('keeps words, lower-cased, once each, and the symbols of C++, C# and Node.js', () => {
    expect(queryTerms('  TypeScript, typescript & C++ / C# Node.js. ')).toEqual([
      'typescript',
      'c++',
      'c#',
      'node.js',
    ]);
  });

  it('drops what a tsquery would read as syntax', () => {
    expect(queryTerms("'react' & (vue | !angular):*")).toEqual(['react', 'vue', 'angular']);
    expect(queryTerms(':*&|!()')).toEqual([]);
  });

  it('keeps at most MAX_QUERY_TERMS words', () => {
    const many = Array.from({ length: 20 }, (_, i) => `word${i}`).join(' ');
    expect(queryTerms(many)).toHaveLength(MAX_QUERY_TERMS);
  });

  it('keeps letters of any script', () => {
    expect(queryTerms('Zürich Ødegaard 東京')).toEqual(['zürich', 'ødegaard', '東京']);
  });
});

describe('skillList', () => {
  it('splits comma-separated skills, trims them and drops repeats in any case', () => {
    expect(skillList(' TypeScript,react ,  , React,Machine   Learning')).toEqual([
      'TypeScript',
      'react',
      'Machine Learning',
    ]);
    expect(skillList('')).toEqual([]);
  });
});

describe('fuzzy matching rules', () => {
  it('matches only words of four letters or more, short ones more strictly', () => {
    expect(isFuzzyTerm('go')).toBe(false);
    expect(isFuzzyTerm('java')).toBe(true);
    expect(fuzzyThreshold('rust')).toBeGreaterThan(fuzzyThreshold('typscript'));
  });
});

describe('combinedScore', () => {
  it('ranks an exact word above a fuzzy one, and a name match above a place match', () => {
    const exact = combinedScore({
      exact: true,
      fullText: 0.1,
      nameSimilarity: 0,
      skillsSimilarity: 1,
      locationSimilarity: 0,
    });
    const fuzzy = combinedScore({
      exact: false,
      fullText: 0.3,
      nameSimilarity: 0,
      skillsSimilarity: 1,
      locationSimilarity: 0,
    });
    expect(exact).toBeGreaterThan(fuzzy);
    const name = {
      exact: false,
      fullText: 0,
      nameSimilarity: 0.7,
      skillsSimilarity: 0,
      locationSimilarity: 0,
    };
    const place = {
      exact: false,
      fullText: 0,
      nameSimilarity: 0,
      skillsSimilarity: 0,
      locationSimilarity: 0.7,
    };
    expect(combinedScore(name)).toBeGreaterThan(combinedScore(place));
  });
});

describe('the search query', () => {
  it('accepts repeated keys and comma lists, with defaults for the rest', () => {
    const parsed = candidateSearchQuerySchema.parse({
      q: 'React',
      skills: ['TypeScript', ' Node.js '],
      experience: '1-3,3-5',
      jobType: 'contract',
      remote: 'true',
    });
    expect(toCandidateSearch(parsed)).toEqual({
      terms: ['react'],
      skills: ['typescript', 'node.js'],
      location: '',
      remote: true,
      experience: ['1-3', '3-5'],
      jobTypes: ['contract'],
      page: 1,
      limit: 20,
    });
  });

  it('refuses what it does not know', () => {
    expect(candidateSearchQuerySchema.safeParse({ experience: '2-4' }).success).toBe(false);
    expect(candidateSearchQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(candidateSearchQuerySchema.safeParse({ q: 'a\u0000b' }).success).toBe(false);
  });

  it('round-trips the browser filters through the query string', () => {
    const params = searchParamsOf({
      q: ' rust ',
      skills: ['Go', 'SQL'],
      location: 'Berlin',
      remote: true,
      experience: ['10+'],
      jobType: ['full-time'],
      page: 2,
    });
    expect(params.toString()).toBe(
      'q=rust&skills=Go&skills=SQL&location=Berlin&remote=true&experience=10%2B&jobType=full-time&page=2',
    );
    const back = candidateSearchQuerySchema.parse({
      ...Object.fromEntries(params),
      skills: params.getAll('skills'),
    });
    expect(back.skills).toEqual(['Go', 'SQL']);
    expect(back.page).toBe(2);
  });
});

describe('bioExcerpt', () => {
  it('shortens long bios at 200 characters with an ellipsis', () => {
    expect(bioExcerpt('short')).toBe('short');
    const long = bioExcerpt('x'.repeat(300));
    expect(long).toHaveLength(201);
    expect(long.endsWith('…')).toBe(true);
  });
});
