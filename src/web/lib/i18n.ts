import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  type Language,
  LOCALES,
  pickLanguage,
} from '../../domain/languages';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';

/**
 * The app's translations (docs/decisions/023): i18next with one JSON catalogue per
 * language and namespace under src/web/locales/<language>/<namespace>.json. English
 * "common" ships with the entry (the first screen never waits for it); every other
 * catalogue is its own chunk, fetched when a screen of that namespace first renders in
 * that language, so a page downloads English and the reader's language only.
 */

/** Where the last language in force is kept, so the next visit starts in it. */
const STORAGE_KEY = 'talentforge.language';
/**
 * The language a user chose (in their profile), kept after they sign out: a visitor's own
 * choice wins over the browser's language and the admin's default. Unlike STORAGE_KEY, a
 * language applied only because nothing was chosen is never kept here.
 */
const CHOICE_KEY = 'talentforge.language.choice';
/** Tabs of the same browser tell each other when the language changes. */
const CHANNEL = 'talentforge.language';

const catalogues = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  // English common and auth are already in the entry; English messages need no catalogue
  // (each key is its English text), so the browser never downloads that file.
  '!../locales/en/common.json',
  '!../locales/en/auth.json',
  '!../locales/en/messages.json',
]);

function stored(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** The language this browser's last user chose, if any. */
export function rememberedChoice(): Language | null {
  try {
    const value = localStorage.getItem(CHOICE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** Keeps a user's choice (null: they follow the browser again, so forget it). */
export function rememberChoice(language: Language | null) {
  try {
    if (language) localStorage.setItem(CHOICE_KEY, language);
    else localStorage.removeItem(CHOICE_KEY);
  } catch {}
}

function browserLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
}

/**
 * The language a page starts in: the one last in force in this browser (a signed-in
 * user's choice is kept there), else the first of the browser's languages we have.
 */
export function initialLanguage(): Language {
  return stored() ?? pickLanguage(browserLanguages(), DEFAULT_LANGUAGE);
}

function applyToDocument(language: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = LOCALES[language];
}

let channel: BroadcastChannel | null = null;

export const i18n = i18next.createInstance();

i18n
  .use(
    resourcesToBackend(async (language: string, namespace: string) => {
      if (language === DEFAULT_LANGUAGE && namespace === 'messages') return {};
      const load = catalogues[`../locales/${language}/${namespace}.json`];
      if (!load) throw new Error(`No catalogue ${language}/${namespace}`);
      return (await load()).default;
    }),
  )
  .use(initReactI18next);

void i18n.init({
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  load: 'languageOnly',
  // messages: the server's and the shared rules' English texts, shown in any screen.
  ns: ['common', 'messages'],
  defaultNS: 'common',
  // English for the shell and the sign-in screens ships in the entry: the first screen a
  // visitor meets never waits for a catalogue.
  resources: { en: { common: enCommon, auth: enAuth, messages: {} } },
  // The bundled English common does not stop the other catalogues from loading.
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: true },
});
applyToDocument(i18n.language as Language);

i18n.on('languageChanged', (language) => {
  if (!isLanguage(language)) return;
  applyToDocument(language);
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {}
});

if (typeof BroadcastChannel !== 'undefined') {
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent) => {
    if (isLanguage(event.data) && event.data !== i18n.language)
      void i18n.changeLanguage(event.data);
  };
}

/** The language now in force. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** The locale Intl formats with now. */
export function currentLocale(): string {
  return LOCALES[currentLanguage()];
}

/**
 * Switches this tab (and tells the browser's other tabs) to a language. Used when a
 * user chooses one, and when the session or the admin's default says which applies.
 */
export async function switchLanguage(language: Language, { broadcast = true } = {}) {
  if (language !== i18n.language) await i18n.changeLanguage(language);
  if (broadcast) channel?.postMessage(language);
}

/**
 * What the reader sees when nothing was chosen: the browser's language when we have it,
 * else the admin's default (from the public config).
 */
export function languageWithoutChoice(adminDefault: Language | undefined): Language {
  return pickLanguage(browserLanguages(), adminDefault ?? DEFAULT_LANGUAGE);
}
