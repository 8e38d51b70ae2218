import i18next, { type TFunction } from 'i18next';
import { LANGUAGES, type Language, LOCALES } from '../../domain/languages';
import deCareers from '../locales/de/careers.json' with { type: 'json' };
import de from '../locales/de/mails.json' with { type: 'json' };
import enCareers from '../locales/en/careers.json' with { type: 'json' };
import en from '../locales/en/mails.json' with { type: 'json' };
import esCareers from '../locales/es/careers.json' with { type: 'json' };
import es from '../locales/es/mails.json' with { type: 'json' };
import frCareers from '../locales/fr/careers.json' with { type: 'json' };
import fr from '../locales/fr/mails.json' with { type: 'json' };
import jaCareers from '../locales/ja/careers.json' with { type: 'json' };
import ja from '../locales/ja/mails.json' with { type: 'json' };

/**
 * The server's own i18next instance for mails (docs/decisions/023): separate from the
 * browser's, its catalogues (src/server/locales/<language>/mails.json) imported with the
 * code, so they are there synchronously and in the compiled server alike. Mails are plain
 * text: nothing is HTML-escaped (the one HTML part, the footer, escapes what it inserts).
 */
const instance = i18next.createInstance();
void instance.init({
  initAsync: false,
  resources: {
    en: { mails: en, careers: enCareers },
    fr: { mails: fr, careers: frCareers },
    de: { mails: de, careers: deCareers },
    es: { mails: es, careers: esCareers },
    ja: { mails: ja, careers: jaCareers },
  },
  supportedLngs: [...LANGUAGES],
  lng: 'en',
  fallbackLng: 'en',
  ns: ['mails', 'careers'],
  defaultNS: 'mails',
  interpolation: { escapeValue: false },
  returnNull: false,
});

const fixed = new Map<Language, TFunction<'mails'>>(
  LANGUAGES.map((language) => [language, instance.getFixedT(language, 'mails')]),
);

/** The mail texts in one language: `mailTexts('ja')('message.subject', {...})`. */
export function mailTexts(language: Language): TFunction<'mails'> {
  return fixed.get(language) ?? (fixed.get('en') as TFunction<'mails'>);
}

/**
 * The server-rendered careers pages' texts in one language (src/server/locales/<language>/
 * careers.json; the page is written before the app, which then reads the web catalogues).
 * Not HTML-escaped here: the page escapes what it inserts.
 */
export function careersTexts(language: Language): TFunction<'careers'> {
  return instance.getFixedT(language, 'careers');
}

/** A calendar date ("2026-12-01") written the reader's way: "December 1, 2026", "2026年12月1日". */
export function mailDate(date: string, language: Language): string {
  const at = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(
    at,
  );
}

/** Names joined the reader's way: "Ann, Bo and Cy", "Ann、Bo、Cy". */
export function mailList(names: string[], language: Language): string {
  return new Intl.ListFormat(LOCALES[language], { style: 'long', type: 'conjunction' }).format(
    names,
  );
}
