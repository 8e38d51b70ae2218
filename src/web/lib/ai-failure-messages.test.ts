import { afterEach, describe, expect, it } from 'vitest';
import { AI_FAILURE_TEXTS, type AiFailure } from '../../domain/ai-review';
import { LANGUAGES } from '../../domain/languages';
import en from '../locales/en/messages.json';
import { i18n } from './i18n';
import { loadCodedMessages, translateCoded } from './messages';

/*
 * Every way an AI call fails (a failed review's errorCode, a model test's code, a refusal)
 * reads in each of the five languages: English is the server's own text, kept in step here.
 */
const codes = Object.keys(AI_FAILURE_TEXTS) as AiFailure[];
const params = (code: AiFailure): Record<string, string> =>
  code === 'ai-budget-used' ? { until: '2026-12-01T00:00:00.000Z' } : {};

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('AI failure messages', () => {
  it('English: the catalogue holds the same text the server sends', () => {
    const catalogue = en as Record<string, string>;
    for (const code of codes) {
      const text = catalogue[`error.${code}`];
      expect(text, code).toBeDefined();
      expect(text!.startsWith(AI_FAILURE_TEXTS[code]), code).toBe(true);
    }
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    '%s: each code has its own text',
    async (language) => {
      await i18n.changeLanguage(language);
      await i18n.loadNamespaces('messages');
      await loadCodedMessages();
      for (const code of codes) {
        const text = translateCoded(code, params(code));
        expect(text, `${language} ${code}`).toBeTruthy();
        expect(text, `${language} ${code}`).not.toContain(`error.${code}`);
        expect(text, `${language} ${code}`).not.toBe(AI_FAILURE_TEXTS[code]);
      }
    },
  );
});
