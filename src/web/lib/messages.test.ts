import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { translateMessage } from './messages';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('translateMessage', () => {
  it('translates a message keyed by its English text, and leaves an unknown one as it came', async () => {
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces('messages');
    expect(translateMessage('Job not found')).not.toBe('Job not found');
    expect(translateMessage('Nothing like this is in the catalogue')).toBe(
      'Nothing like this is in the catalogue',
    );
  });

  it('fills a key with placeholders from the values in the message', async () => {
    expect(translateMessage('"src/app.ts" already exists')).toBe('"src/app.ts" already exists');
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces('messages');
    expect(translateMessage('"src/app.ts" already exists')).toBe('„src/app.ts“ existiert bereits');
    expect(
      translateMessage(
        'This invitation expired on 2026-12-01. Ask Rita <Recruiter> to send it again',
      ),
    ).toBe(
      'Diese Einladung ist am 2026-12-01 abgelaufen. Bitten Sie Rita <Recruiter>, sie erneut zu senden',
    );
    await i18n.changeLanguage('ja');
    await i18n.loadNamespaces('messages');
    expect(translateMessage('Too many attempts. Try again in 15 minutes.')).toBe(
      '試行回数が多すぎます。15 分後にもう一度お試しください。',
    );
  });

  it('keeps the field of an API validation message and translates the rest', async () => {
    await i18n.changeLanguage('fr');
    await i18n.loadNamespaces('messages');
    expect(translateMessage('path: "a.ts" already exists')).toBe('path: « a.ts » existe déjà');
  });
});
