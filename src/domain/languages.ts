/**
 * The languages the product is written in (spec: the admin's language select).
 * A user's choice is one of these codes; formats use the matching BCP 47 locale.
 */
export const LANGUAGES = ['en', 'fr', 'de', 'es', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** The locale Intl formats with for each language (English is the spec's "English US"). */
export const LOCALES: Record<Language, string> = {
  en: 'en-US',
  fr: 'fr-FR',
  de: 'de-DE',
  es: 'es-ES',
  ja: 'ja-JP',
};

/** Each language's name in itself: how a reader finds their own in any other language. */
export const ENDONYMS: Record<Language, string> = {
  en: 'English (US)',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
  ja: '日本語',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language of a tag such as "fr-CA" or "ja", when the product has it. */
export function languageOfTag(tag: string): Language | null {
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : null;
}

/**
 * The tags of an Accept-Language header, best first (q=0 dropped, ties in the
 * header's order): "de-CH, fr;q=0.8, *;q=0.1" → ["de-CH", "fr", "*"].
 */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The first of the reader's preferred tags the product speaks, else the fallback. */
export function pickLanguage(preferred: readonly string[], fallback: Language): Language {
  for (const tag of preferred) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return fallback;
}

/**
 * The language to write to a person in: their own choice, else the admin's
 * default (for mails to people who never chose), else English.
 */
export function languageFor(choice: unknown, adminDefault: unknown): Language {
  if (isLanguage(choice)) return choice;
  if (isLanguage(adminDefault)) return adminDefault;
  return DEFAULT_LANGUAGE;
}
